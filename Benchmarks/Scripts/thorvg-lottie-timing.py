#!/usr/bin/env python3
"""Times ThorVG on Lottie files for LottieComparison: load, and frames at SIZE×SIZE, through thorvg-python (a thin
ctypes layer over ThorVG's C library: one C call per step, so its overhead is microseconds against milliseconds).

Usage: thorvg-lottie-timing.py SIZE FRAMES ROUNDS FILE...   Prints one JSON object per file: load_ms, frame_ms and
frame_cpu_ms (the process's processor time; medians over five loads and ROUNDS passes over the FRAMES frames)."""
import json, statistics, sys, time

import thorvg_python as tvg


def main():
    size, frames, rounds, files = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    engine = tvg.Engine(threads=0)
    for path in files:
        data = open(path, "rb").read()
        loads = []
        animation = picture = None
        for _ in range(5):
            # The previous animation is freed before the timing starts, as the other engines' are.
            animation = picture = None
            start = time.perf_counter()
            animation = tvg.LottieAnimation(engine)
            picture = animation.get_picture()
            picture.load_data(data, "lottie", None, True)
            loads.append((time.perf_counter() - start) * 1000)
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(size, size, size, tvg.Colorspace.ABGR8888)
        picture.set_size(size, size)
        canvas.add(picture)
        total = animation.get_total_frame()[1]
        times, processor = [], []
        for _ in range(rounds):
            for index in range(frames):
                # Whole frames, as rlottie draws them (LottieComparison.wholeFrame).
                animation.set_frame(int(total) * index // frames)
                start, start_cpu = time.perf_counter(), time.process_time()
                canvas.update()
                canvas.draw(True)
                canvas.sync()
                times.append((time.perf_counter() - start) * 1000)
                processor.append((time.process_time() - start_cpu) * 1000)
        print(json.dumps({"file": path, "load_ms": statistics.median(loads), "frame_ms": statistics.median(times),
                          "frame_cpu_ms": statistics.median(processor)}))
        canvas.remove()
    engine.term()


if __name__ == "__main__":
    main()
