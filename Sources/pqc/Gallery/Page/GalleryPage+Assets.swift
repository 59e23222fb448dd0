extension GalleryPage {
    /// The page's style sheet: system fonts only, the player beside its code on wide screens.
    static let style = #"""
        body{font-family:system-ui,sans-serif;margin:0 auto;max-width:84em;padding:1em 2em;color:#222}
        h1{margin-bottom:.2em}nav .seeds{columns:3 20em;column-gap:2em}nav .seed{break-inside:avoid}
        nav ol{padding-left:1.6em;margin:.2em 0 .8em}nav li{margin:.1em 0}nav h3{margin:.2em 0;font-size:1em}
        .demo{border-top:1px solid #ddd;padding:1em 0}.demo h3{margin:.2em 0}.origin{color:#555;margin:.2em 0 .8em}
        .row{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}.player{outline:none}
        .player canvas{display:block;border:1px solid #ccc;max-width:100%;height:auto;image-rendering:pixelated}
        .controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin:.5em 0}
        .controls input[type=range]{flex:1;min-width:12em}.controls button{min-width:2.6em}
        .time{font-variant-numeric:tabular-nums;margin:.3em 0}
        table.values{border-collapse:collapse;font-size:.85em;font-variant-numeric:tabular-nums}
        table.values td,table.values th{border-bottom:1px solid #eee;padding:.15em .6em .15em 0;text-align:left}
        .swatch{display:inline-block;width:.9em;height:.9em;border:1px solid #999;vertical-align:-.1em;margin-right:.3em}
        .code{flex:1;min-width:28em;max-width:100%}
        .code pre{margin:0;max-height:34em;overflow:auto;background:#f7f7f7;border:1px solid #e2e2e2;padding:.7em;
        font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;tab-size:4}
        .c{color:#6a737d}.s{color:#b3261e}.n{color:#1750eb}.k{color:#a626a4;font-weight:600}.a{color:#986801}
        .t{color:#0b7285}small{color:#666}
        """#

    /// The player, run once the data scripts have loaded. Each `.player` element names its demo in `data-demo`;
    /// its canvas shows frame `i` as stored picture `c = cells[i]`, from strip `⌊c / n⌋` at column `c mod n`. Play advances by the real time passed
    /// times the speed and loops; the scrubber sets the time (in seconds) and shows the frame at that time; the step
    /// buttons (and ← →) move one frame; space plays and pauses. The canvas's `data-frame` says which frame it
    /// shows once that frame's strip has loaded.
    static let script = #"""
        (function () {
          function valueCell(value) {
            var cell = document.createElement('td');
            if (value.charAt(0) === '#') {
              var swatch = document.createElement('span');
              swatch.className = 'swatch';
              swatch.style.background = value.slice(0, 7);
              cell.appendChild(swatch);
            }
            cell.appendChild(document.createTextNode(value));
            return cell;
          }
          function Player(element, data) {
            var canvas = element.querySelector('canvas');
            var context = canvas.getContext('2d');
            var scrub = element.querySelector('.scrub');
            var play = element.querySelector('.play');
            var speed = element.querySelector('.speed');
            var time = element.querySelector('.time');
            var table = element.querySelector('.values tbody');
            var strips = [];
            var frame = 0;
            var playing = false;
            var clock = 0;
            var last = null;
            var count = data.times.length;
            var spacing = 1 / data.framesPerSecond;
            context.imageSmoothingEnabled = false;
            function strip(index) {
              if (!strips[index]) {
                var image = new Image();
                image.onload = function () { if (Math.floor(data.cells[frame] / data.framesPerStrip) === index) draw(); };
                image.src = data.strips[index];
                strips[index] = image;
              }
              return strips[index];
            }
            function draw() {
              var cell = data.cells[frame];
              var image = strip(Math.floor(cell / data.framesPerStrip));
              if (!image.complete || image.naturalWidth === 0) return;
              var column = cell % data.framesPerStrip;
              context.drawImage(image, column * data.width, 0, data.width, data.height, 0, 0, data.width, data.height);
              canvas.setAttribute('data-frame', String(frame));
            }
            function show(index) {
              frame = Math.max(0, Math.min(count - 1, index));
              scrub.value = String(data.times[frame] - data.times[0]);
              time.textContent = 't = ' + data.times[frame].toFixed(3) + ' s \u00b7 frame ' + (frame + 1) + ' of ' + count;
              while (table.firstChild) table.removeChild(table.firstChild);
              data.tracks.forEach(function (track, index) {
                var value = data.values[frame][index];
                if (value === null) return;
                var row = document.createElement('tr');
                [track.layer, track.keyPath].forEach(function (text) {
                  var cell = document.createElement('td');
                  cell.textContent = text;
                  row.appendChild(cell);
                });
                row.appendChild(valueCell(value));
                table.appendChild(row);
              });
              if (!table.firstChild) {
                var row = document.createElement('tr');
                var cell = document.createElement('td');
                cell.colSpan = 3;
                cell.textContent = 'no animation attached at this time';
                row.appendChild(cell);
                table.appendChild(row);
              }
              draw();
            }
            function frameAt(seconds) { return Math.round(seconds / spacing); }
            function tick(now) {
              if (!playing) return;
              if (last !== null) {
                clock += (now - last) / 1000 * Number(speed.value);
                var duration = count * spacing;
                if (clock >= duration) clock = clock % duration;
                var next = Math.min(count - 1, Math.floor(clock / spacing + 1e-9));
                if (next !== frame) show(next);
              }
              last = now;
              requestAnimationFrame(tick);
            }
            function setPlaying(on) {
              playing = on;
              play.textContent = on ? 'Pause' : 'Play';
              element.setAttribute('data-playing', on ? 'true' : 'false');
              if (on) {
                for (var index = 0; index < data.strips.length; index++) strip(index);
                clock = frame * spacing;
                last = null;
                requestAnimationFrame(tick);
              }
            }
            function step(by) { setPlaying(false); show(frame + by); }
            scrub.max = String(data.times[count - 1] - data.times[0]);
            scrub.step = String(spacing);
            play.addEventListener('click', function () { setPlaying(!playing); });
            element.querySelector('.back').addEventListener('click', function () { step(-1); });
            element.querySelector('.forward').addEventListener('click', function () { step(1); });
            scrub.addEventListener('input', function () { setPlaying(false); show(frameAt(Number(scrub.value))); });
            element.addEventListener('keydown', function (event) {
              if (event.target.tagName === 'SELECT' || event.target.tagName === 'INPUT') return;
              if (event.key === 'ArrowLeft') step(-1);
              else if (event.key === 'ArrowRight') step(1);
              else if (event.key === ' ') setPlaying(!playing);
              else return;
              event.preventDefault();
            });
            show(0);
          }
          var players = document.querySelectorAll('.player');
          for (var index = 0; index < players.length; index++) {
            var data = pqcGallery.demos[players[index].getAttribute('data-demo')];
            if (data) Player(players[index], data);
          }
        })();
        """#
}
