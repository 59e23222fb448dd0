import Foundation

/// The particles of a `CAEmitterLayer` at any moment of its local time, computed directly rather than stepped frame by
/// frame (our type; the compositor draws what it returns).
///
/// ## Determinism
/// Particles are a pure function of the layer's values, its cells, the local time `t`, the layer's `seed` and (when
/// given) the ``EmitterBirthHistory``. A cell emitting `r` particles per second gives birth to its particle number
/// `k` (0, 1, 2, …) when `k + 1` particles are due, at `t = (k + 1) / r` for a constant rate, so a cell with birth
/// rate 10 has exactly 10 particles born by `t = 1`. Each particle's random numbers are a hash of (seed, cell,
/// parent particle, k) (see `EmitterRandom`), so any `t` can be evaluated on its own, in any order, with the same
/// answer; nothing is accumulated between calls.
///
/// ## The model
/// For a cell, with the layer's factors written `layer.…`:
/// - Births: `cell.birthRate × layer.birthRate` per second, from the cell's `beginTime` (seconds after its emitter
///   began: the layer's time 0, or a parent particle's birth) for `duration` seconds when that is positive, else for
///   ever; a sub-cell's particles are born only while their parent particle lives.
/// - Lifetime: `(lifetime + lifetimeRange·s) × layer.lifetime` seconds, `s` uniform in −1…1 (every "range" below is
///   a half-width of the same kind); a particle is alive for `0 ≤ age < lifetime`.
/// - Birth place: on the emitter shape for the layer's cells (see `offset(shape:mode:size:depth:random:)`); at the
///   parent particle's position at that moment for a sub-cell's.
/// - Direction: longitude `emissionLongitude` turns from +x towards +y in the layer's plane, latitude
///   `emissionLatitude` tilts towards +z; the particle flies in a direction chosen uniformly over the cone of
///   half-angle `emissionRange` (at most π, the whole sphere) around it.
/// - Motion: speed `(velocity + velocityRange·s) × layer.velocity` points per second along that direction, plus the
///   constant acceleration `(xAcceleration, yAcceleration, zAcceleration)`: position = birth place + v·age +
///   ½·a·age², exactly. Sub-cell particles do not inherit their parent's velocity.
/// - Size: `(scale + scaleRange·s + scaleSpeed·age) × layer.scale`.
/// - Rotation: `(spin + spinRange·s) × layer.spin × age` radians.
/// - Colour: each of red, green, blue and alpha is `color + range·s + speed·age`, clamped to 0…1 (a nil colour counts
///   as opaque white, the default).
/// - Render order (`renderMode`): `"unordered"` and `"additive"` keep the order of generation (cell by cell, the layer's
///   cells first, each cell's particles oldest first, a particle's sub-cell particles right after it); `"oldestFirst"`
///   draws the oldest first (youngest on top), `"oldestLast"` the reverse, `"backToFront"` by increasing
///   `zPosition`. ``isAdditive(_:)`` tells the compositor to add the particles (plus-lighter) for `"additive"`.
///
/// ## Deviations from Apple (the real generator and a few rules are unpublished)
/// - Apple's random generator is unknown: a seed gives the same particles every time, but not Apple's particles.
/// - The layer's `lifetime`, `velocity`, `scale` and `spin` factors and every cell value are taken as they are at `t`
///   for all particles alive then (Apple fixes a particle's values at its birth). The birth rate alone has a
///   history, when the renderer keeps an ``EmitterBirthHistory``; without one, the current `birthRate` counts as
///   having held since time 0, so setting it to 0 removes every particle at once.
/// - Of a cell's `CAMediaTiming` values only `beginTime` and `duration` are used (`speed`, `timeOffset`, repeats and
///   fill modes are not).
/// - Particles are produced only for cells whose `contents` is a `CGImage` (Apple draws nothing for the others,
///   which may still emit sub-cells).
/// - A cell's `minificationFilter`, `magnificationFilter` and `minificationFilterBias` are stored and read back, but
///   particles are always sampled linearly (the compositor's particle drawing).
/// - Limits keep bad input from stalling a frame: at most ``maximumParticlesPerEmitter`` living particles per cell of
///   one emitter (the layer or one parent particle; the youngest are kept), at most ``maximumVisitedParticles``
///   particles considered per evaluation, and cells nested at most ``maximumDepth`` deep (a cell that contains
///   itself stops there).
/// - Work goes only to what can show: a cell with no image on it or on any sub-cell below it is not simulated at all,
///   and a particle is considered only while it or a descendant that can be drawn may be alive. (This changes no
///   picture; it keeps a tree of image-less cells from spending the per-evaluation budget on nothing.)
struct EmitterSimulation {
    /// The values of one cell the simulation needs, converted once from `EmitterCellState`.
    struct Cell {
        /// `name`, for the compositor's bookkeeping.
        var name: String?
        /// `birthRate`, particles per second (non-finite or negative values emit nothing).
        var birthRate: Double
        var lifetime: Double
        var lifetimeRange: Double
        var emissionLatitude: Double
        var emissionLongitude: Double
        var emissionRange: Double
        var velocity: Double
        var velocityRange: Double
        /// (`xAcceleration`, `yAcceleration`, `zAcceleration`), points per second squared.
        var acceleration: SIMD3<Double>
        var scale: Double
        var scaleRange: Double
        var scaleSpeed: Double
        var spin: Double
        var spinRange: Double
        /// `color` as straight RGBA.
        var color: SIMD4<Double>
        /// (`redRange`, `greenRange`, `blueRange`, `alphaRange`).
        var colorRange: SIMD4<Double>
        /// (`redSpeed`, `greenSpeed`, `blueSpeed`, `alphaSpeed`), per second.
        var colorSpeed: SIMD4<Double>
        /// `contents` when it is a `CGImage`; nil otherwise (nothing drawn).
        var contents: CGImage?
        var contentsRect: CGRect
        /// `contentsScale`, 1 when it is not a positive finite number.
        var contentsScale: CGFloat
        /// `beginTime` of the cell's timing, seconds after its emitter began.
        var beginTime: Double
        /// `duration` of the cell's timing; 0 or less (the default) means for ever.
        var duration: Double
        /// Indices of the cell's enabled sub-cells in ``EmitterSimulation/cells``.
        var children: Range<Int>
        /// Whether a particle of this cell or of a sub-cell, followed as deep as the simulation goes, can be drawn:
        /// the cell emits (a positive finite birth rate, a finite begin time) and has an image or a sub-cell that
        /// can be drawn. Set by ``EmitterSimulation/load(cells:)``; a cell that cannot be drawn is skipped with
        /// everything below it, since nothing it emits would ever show.
        var canBeDrawn = false

        /// Whether the cell emits particles at all (whether or not they are drawn).
        var emits: Bool { birthRate.isFinite && birthRate > 0 && beginTime.isFinite }

        init(_ state: EmitterCellState) {
            name = state.name
            birthRate = Double(state.birthRate)
            lifetime = Double(state.lifetime)
            lifetimeRange = Double(state.lifetimeRange)
            emissionLatitude = Double(state.emissionLatitude)
            emissionLongitude = Double(state.emissionLongitude)
            emissionRange = Double(state.emissionRange)
            velocity = Double(state.velocity)
            velocityRange = Double(state.velocityRange)
            acceleration = SIMD3(Double(state.xAcceleration), Double(state.yAcceleration), Double(state.zAcceleration))
            scale = Double(state.scale)
            scaleRange = Double(state.scaleRange)
            scaleSpeed = Double(state.scaleSpeed)
            spin = Double(state.spin)
            spinRange = Double(state.spinRange)
            let base = state.color.map(ColorComponents.init) ?? .opaqueWhite
            color = SIMD4(base.red, base.green, base.blue, base.alpha)
            colorRange = SIMD4(
                Double(state.redRange), Double(state.greenRange), Double(state.blueRange), Double(state.alphaRange))
            colorSpeed = SIMD4(
                Double(state.redSpeed), Double(state.greenSpeed), Double(state.blueSpeed), Double(state.alphaSpeed))
            contents = state.contents.flatMap { $0 as? CGImage }
            contentsRect = state.contentsRect
            contentsScale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
            beginTime = state.timing.beginTime
            duration = state.timing.duration
            children = 0..<0
        }
    }

    /// Most living particles one emitter (the layer, or one parent particle) keeps per cell; the youngest are kept.
    static let maximumParticlesPerEmitter = 32_768
    /// Most particles one evaluation considers (living, or dead with living descendants); the rest are skipped.
    static let maximumVisitedParticles = 1 << 20
    /// Deepest nesting of sub-cells followed (the layer's cells are depth 1).
    static let maximumDepth = 16

    /// Every enabled cell: the layer's cells first, then sub-cells, each cell's sub-cells contiguous.
    private(set) var cells: [Cell] = []
    /// Indices of the layer's own enabled cells in ``cells``.
    private(set) var topLevel: Range<Int> = 0..<0
    /// Scratch for ``load(cells:)``: the cells whose sub-cells are still to be added, with their depth.
    private var pending: [(state: EmitterCellState, depth: Int)] = []

    /// A simulation without cells (no particles), to be given cells by ``load(cells:)``.
    init() {}

    /// Prepares the layer's cells (`emitterCells`, in order) and, recursively, their sub-cells. Disabled cells and
    /// their sub-cells are left out.
    init(cells states: [EmitterCellState]) {
        load(cells: states)
    }

    /// Replaces the cells with the layer's cells `states` and their sub-cells, as ``init(cells:)`` does, reusing
    /// this simulation's storage: loading the same number of cells again allocates nothing (the compositor keeps
    /// one simulation and loads each emitter's cells every frame).
    mutating func load(cells states: [EmitterCellState]) {
        cells.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        for state in states where state.isEnabled {
            cells.append(Cell(state))
            pending.append((state, 1))
        }
        let topCount = cells.count
        // Breadth first, so that each cell's sub-cells are appended together.
        var index = 0
        while index < pending.count {
            let (state, depth) = pending[index]
            let first = cells.count
            if depth < Self.maximumDepth, let subcells = state.emitterCells {
                for subcell in subcells {
                    let values = subcell.values
                    guard values.isEnabled else { continue }
                    cells.append(Cell(values))
                    pending.append((values, depth + 1))
                }
            }
            cells[index].children = first..<cells.count
            index += 1
        }
        // Sub-cells come after their parent, so walking backwards settles every child before its parent.
        for index in cells.indices.reversed() {
            let cell = cells[index]
            cells[index].canBeDrawn =
                cell.emits && (cell.contents != nil || cell.children.contains { cells[$0].canBeDrawn })
        }
        // Drop the references the scratch holds (the states' images and sub-cells), keeping its storage.
        pending.removeAll(keepingCapacity: true)
        topLevel = 0..<topCount
    }

    /// Whether the layer's particles are added to what lies below them (`renderMode` `"additive"`): the compositor
    /// then draws them with the plus-lighter blend.
    static func isAdditive(_ layer: EmitterLayerState) -> Bool {
        layer.renderMode.choice == .additive
    }

    /// The particles alive at local time `time`, in render order (see the type).
    func particles(
        for layer: EmitterLayerState, at time: Double, history: EmitterBirthHistory = EmitterBirthHistory()
    ) -> [EmitterParticle] {
        var result: [EmitterParticle] = []
        particles(for: layer, at: time, history: history, into: &result)
        return result
    }

    /// Replaces the contents of `output` with the particles alive at local time `time`, in render order, reusing its
    /// storage: once `output` has grown to the number of particles, evaluating again allocates nothing. Returns how
    /// many particles were considered (at most ``maximumVisitedParticles``; particles of cells that cannot be drawn
    /// are not considered).
    @discardableResult
    func particles(
        for layer: EmitterLayerState, at time: Double, history: EmitterBirthHistory = EmitterBirthHistory(),
        into output: inout [EmitterParticle]
    ) -> Int {
        output.removeAll(keepingCapacity: true)
        guard time.isFinite, time >= 0, !topLevel.isEmpty else { return 0 }
        var run = Evaluation(layer: layer, time: time, history: history)
        let origin = SIMD3(
            Double(layer.emitterPosition.x), Double(layer.emitterPosition.y), Double(layer.emitterZPosition))
        let emitter = Emitter(
            origin: origin, velocity: .zero, acceleration: .zero, birth: 0, death: .infinity, key: 0, isLayer: true)
        for cellIndex in topLevel {
            emit(cellIndex, from: emitter, depth: 1, run: &run, into: &output)
        }
        sort(&output, mode: layer.renderMode.choice)
        return run.visited
    }

    // MARK: Evaluation

    /// What one evaluation needs besides the cells: the layer's factors (sanitized), the time and the emitter shape.
    struct Evaluation {
        let time: Double
        let seed: UInt32
        let history: EmitterBirthHistory
        /// The layer's `birthRate`, used when the history is empty.
        let birthFactor: Double
        let lifetimeFactor: Double
        let velocityFactor: Double
        let scaleFactor: Double
        let spinFactor: Double
        let shape: EmitterShape
        let mode: EmitterMode
        let size: CGSize
        let depth: CGFloat
        /// Particles considered so far, against ``EmitterSimulation/maximumVisitedParticles``.
        var visited = 0

        init(layer: EmitterLayerState, time: Double, history: EmitterBirthHistory) {
            self.time = time
            seed = layer.seed
            self.history = history
            birthFactor = EmitterBirthHistory.sanitized(Double(layer.birthRate))
            lifetimeFactor = EmitterBirthHistory.sanitized(Double(layer.lifetime))
            velocityFactor = Double(layer.velocity)
            scaleFactor = Double(layer.scale)
            spinFactor = Double(layer.spin)
            shape = layer.emitterShape.choice
            mode = layer.emitterMode.choice
            size = layer.emitterSize
            depth = layer.emitterDepth
        }

        /// The integral of the layer's birth-rate factor from 0 to `moment`.
        func emitted(until moment: Double) -> Double {
            history.integral(until: moment, fallback: birthFactor)
        }
    }

    /// A source of particles: the layer (its emitter shape), or one living particle of a parent cell.
    struct Emitter {
        /// Where the source is at `birth`.
        var origin: SIMD3<Double>
        var velocity: SIMD3<Double>
        var acceleration: SIMD3<Double>
        /// When the source began (0 for the layer).
        var birth: Double
        /// When the source stops emitting (infinity for the layer, the parent particle's death otherwise).
        var death: Double
        /// The random key of the parent particle (0 for the layer).
        var key: UInt64
        /// Whether particles are born on the layer's emitter shape.
        var isLayer: Bool

        /// The source's position at `moment`.
        func position(at moment: Double) -> SIMD3<Double> {
            let age = moment - birth
            return origin + velocity * age + acceleration * (0.5 * age * age)
        }
    }

    /// The longest a particle of `cellIndex` lives, in seconds.
    func longestLifetime(_ cellIndex: Int, run: Evaluation) -> Double {
        let cell = cells[cellIndex]
        let longest = (cell.lifetime + abs(cell.lifetimeRange)) * run.lifetimeFactor
        return longest.isFinite && longest > 0 ? longest : 0
    }

    /// How long after its birth a particle of `cellIndex` or one of its descendants that can be drawn may still be
    /// alive.
    func reach(_ cellIndex: Int, run: Evaluation, depth: Int) -> Double {
        let own = longestLifetime(cellIndex, run: run)
        guard own > 0 else { return 0 }
        var children = 0.0
        if depth < Self.maximumDepth {
            for child in cells[cellIndex].children where cells[child].canBeDrawn {
                children = Swift.max(children, reach(child, run: run, depth: depth + 1))
            }
        }
        let total = own + children
        return total.isFinite ? total : own
    }

    /// Adds the living particles of cell `cellIndex` born from `emitter` (and, recursively, of its sub-cells).
    func emit(
        _ cellIndex: Int, from emitter: Emitter, depth: Int, run: inout Evaluation, into output: inout [EmitterParticle]
    ) {
        let cell = cells[cellIndex]
        guard cell.canBeDrawn else { return }
        let rate = cell.birthRate
        // The emission window, in the layer's time.
        let windowStart = emitter.birth + Swift.max(0, cell.beginTime)
        var windowEnd = emitter.death
        if cell.duration > 0 { windowEnd = Swift.min(windowEnd, emitter.birth + cell.beginTime + cell.duration) }
        let now = run.time
        guard now >= windowStart, windowEnd > windowStart else { return }
        let reach = reach(cellIndex, run: run, depth: depth)
        guard reach > 0 else { return }
        let base = run.emitted(until: windowStart)
        // Births are due when rate × (emitted − base) reaches k + 1; count those due by a moment.
        func dueCount(by moment: Double) -> Int {
            guard moment >= windowStart else { return 0 }
            let due = rate * (run.emitted(until: Swift.min(moment, windowEnd)) - base) + 1e-9
            guard due.isFinite else { return Int.max / 2 }
            return due >= 1 ? Int(Swift.min(due.rounded(.down), Double(Int.max / 2))) : 0
        }
        let last = dueCount(by: now)
        var first = dueCount(by: now - reach)
        if last - first > Self.maximumParticlesPerEmitter { first = last - Self.maximumParticlesPerEmitter }
        guard first < last else { return }
        for index in first..<last {
            guard run.visited < Self.maximumVisitedParticles else { return }
            run.visited += 1
            let due = run.history.time(
                whenIntegralReaches: base + Double(index + 1) / rate, fallback: run.birthFactor)
            // Counting allowed a billionth of a particle of rounding; a birth that far past `now` happens now.
            guard due.isFinite, due <= now + 1e-9 else { continue }
            let birth = Swift.min(due, now)
            let random = EmitterRandom(seed: run.seed, cell: cellIndex, parent: emitter.key, index: index)
            let lifetime =
                (cell.lifetime + cell.lifetimeRange * random.signed(EmitterRandom.lifetimeSlot))
                * run.lifetimeFactor
            guard lifetime.isFinite, lifetime > 0 else { continue }
            var origin = emitter.position(at: birth)
            if emitter.isLayer {
                origin += Self.offset(
                    shape: run.shape, mode: run.mode, size: run.size, depth: run.depth, random: random)
            }
            let speed =
                (cell.velocity + cell.velocityRange * random.signed(EmitterRandom.velocitySlot))
                * run.velocityFactor
            let velocity = direction(of: cell, random: random) * speed
            let particle = Emitter(
                origin: origin, velocity: velocity, acceleration: cell.acceleration, birth: birth,
                death: birth + lifetime, key: random.key, isLayer: false)
            let age = now - birth
            if age < lifetime, let image = cell.contents {
                appendParticle(
                    cell: cell, index: cellIndex, image: image, emitter: particle, age: age, lifetime: lifetime,
                    random: random, run: run, into: &output)
            }
            if !cell.children.isEmpty, depth < Self.maximumDepth {
                for child in cell.children {
                    emit(child, from: particle, depth: depth + 1, run: &run, into: &output)
                }
            }
        }
    }

    /// Appends the particle `emitter` describes at `age`, unless a value came out non-finite.
    func appendParticle(
        cell: Cell, index: Int, image: CGImage, emitter: Emitter, age: Double, lifetime: Double, random: EmitterRandom,
        run: Evaluation, into output: inout [EmitterParticle]
    ) {
        let position = emitter.position(at: emitter.birth + age)
        let scale =
            (cell.scale + cell.scaleRange * random.signed(EmitterRandom.scaleSlot) + cell.scaleSpeed * age)
            * run.scaleFactor
        let rotation = (cell.spin + cell.spinRange * random.signed(EmitterRandom.spinSlot)) * run.spinFactor * age
        let spread = SIMD4(
            random.signed(EmitterRandom.redSlot), random.signed(EmitterRandom.greenSlot),
            random.signed(EmitterRandom.blueSlot), random.signed(EmitterRandom.alphaSlot))
        var color = cell.color + cell.colorRange * spread + cell.colorSpeed * age
        color.replace(with: SIMD4(repeating: 0), where: .!(color .> 0))  // NaN and negatives
        color.replace(with: SIMD4(repeating: 1), where: color .> 1)
        guard position.x.isFinite, position.y.isFinite, position.z.isFinite, scale.isFinite, rotation.isFinite
        else { return }
        output.append(
            EmitterParticle(
                position: CGPoint(x: position.x, y: position.y), zPosition: CGFloat(position.z), scale: CGFloat(scale),
                rotation: CGFloat(rotation),
                color: ColorComponents(red: color.x, green: color.y, blue: color.z, alpha: color.w), contents: image,
                contentsRect: cell.contentsRect, contentsScale: cell.contentsScale, cellIndex: index,
                birthTime: emitter.birth, age: age, lifetime: lifetime, ordinal: output.count))
    }

    /// The unit direction a particle of `cell` flies in: uniform over the cone of half-angle `emissionRange` around
    /// the direction given by the longitude and latitude.
    func direction(of cell: Cell, random: EmitterRandom) -> SIMD3<Double> {
        let longitude = cell.emissionLongitude
        let latitude = cell.emissionLatitude
        let axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        let range = Swift.min(abs(cell.emissionRange), Double.pi)
        guard range > 0 else { return axis }
        // Uniform on the spherical cap: cos θ uniform between cos(range) and 1.
        let cosine = 1 - random.unit(EmitterRandom.coneAngleSlot) * (1 - cos(range))
        let sine = Swift.max(0, 1 - cosine * cosine).squareRoot()
        let turn = 2 * Double.pi * random.unit(EmitterRandom.coneTurnSlot)
        // Two unit vectors at right angles to the axis and to each other.
        let across = SIMD3(-sin(longitude), cos(longitude), 0)
        let up = SIMD3(
            axis.y * across.z - axis.z * across.y, axis.z * across.x - axis.x * across.z,
            axis.x * across.y - axis.y * across.x)
        return axis * cosine + (across * cos(turn) + up * sin(turn)) * sine
    }

    // MARK: Render order

    /// Puts `particles` in the order `renderMode` asks for (see the type); generation order is kept for ties.
    func sort(_ particles: inout [EmitterParticle], mode: EmitterRenderMode) {
        switch mode {
        case .oldestFirst:
            Self.heapSort(&particles) { ($0.birthTime, $0.ordinal) < ($1.birthTime, $1.ordinal) }
        case .oldestLast:
            Self.heapSort(&particles) { ($0.birthTime, -$0.ordinal) > ($1.birthTime, -$1.ordinal) }
        case .backToFront:
            Self.heapSort(&particles) { ($0.zPosition, $0.ordinal) < ($1.zPosition, $1.ordinal) }
        case .unordered, .additive:
            break
        }
    }

    /// Sorts in place without allocating (heap sort); `ascending` must be a strict total order.
    static func heapSort(
        _ elements: inout [EmitterParticle], by ascending: (EmitterParticle, EmitterParticle) -> Bool
    ) {
        let count = elements.count
        guard count > 1 else { return }
        elements.withUnsafeMutableBufferPointer { buffer in
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while true {
                    var child = 2 * root + 1
                    guard child < end else { return }
                    if child + 1 < end && ascending(buffer[child], buffer[child + 1]) { child += 1 }
                    guard ascending(buffer[root], buffer[child]) else { return }
                    buffer.swapAt(root, child)
                    root = child
                }
            }
            var start = count / 2
            while start > 0 {
                start -= 1
                siftDown(start, count)
            }
            var end = count - 1
            while end > 0 {
                buffer.swapAt(0, end)
                siftDown(0, end)
                end -= 1
            }
        }
    }
}
