import Foundation
import Testing

@testable import PortableQuartzCore

@Suite("EmitterSimulation")
struct EmitterSimulationTests {
    /// A 2 × 2 image to give cells something to draw.
    static let image: CGImage = {
        let canvas = LayerCanvas(bounds: CGRect(x: 0, y: 0, width: 2, height: 2))
        canvas.context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        return canvas.context.makeImage()!
    }()

    /// A visible cell emitting `rate` particles per second that live `lifetime` seconds and stand still.
    static func cell(rate: Float, lifetime: Float) -> EmitterCellState {
        var cell = EmitterCellState()
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.contents = image
        return cell
    }

    /// A cell with every random spread switched on, to tell seeds apart.
    static var spreadCell: EmitterCellState {
        var cell = Self.cell(rate: 20, lifetime: 3)
        cell.lifetimeRange = 1
        cell.velocity = 80
        cell.velocityRange = 40
        cell.emissionRange = .pi
        cell.scaleRange = 0.5
        cell.spinRange = 2
        cell.redRange = 0.3
        return cell
    }

    /// A cell with no image (rate 1, lifetime 2, flying at 20 pt/s) whose one sub-cell draws (rate 10, lifetime 0.5).
    static var parentOfDrawnChild: EmitterCellState {
        var parent = EmitterCellState()  // no contents: emits, is not drawn
        parent.birthRate = 1
        parent.lifetime = 2
        parent.velocity = 20
        let child = CAEmitterCell()
        child.birthRate = 10
        child.lifetime = 0.5
        child.contents = image
        parent.emitterCells = [child]
        return parent
    }

    static func particles(
        _ cells: [EmitterCellState], layer: EmitterLayerState = EmitterLayerState(), at time: Double
    ) -> [EmitterParticle] {
        EmitterSimulation(cells: cells).particles(for: layer, at: time)
    }

    // MARK: Births and lifetimes

    @Test("birth rate 10, lifetime 2: exactly 10 particles at t = 1 s, born at 0.1, 0.2, …, 1.0 s")
    func birthCount() {
        let particles = Self.particles([Self.cell(rate: 10, lifetime: 2)], at: 1)
        #expect(particles.count == 10)
        let births = particles.map(\.birthTime)
        for (index, birth) in births.enumerated() {
            #expect(abs(birth - Double(index + 1) / 10) < 1e-12)
        }
    }

    @Test(
        "particles older than their lifetime are gone: rate 10, lifetime 0.5 at t = 3 s leaves the 5 born after 2.5 s")
    func lifetimeEnds() {
        let particles = Self.particles([Self.cell(rate: 10, lifetime: 0.5)], at: 3)
        #expect(particles.count == 5)
        #expect(particles.allSatisfy { $0.age >= 0 && $0.age < 0.5 && $0.lifetime == 0.5 })
        #expect(particles.allSatisfy { $0.birthTime > 2.5 - 1e-9 })
    }

    @Test(
        "the layer's factors multiply: layer birthRate 2 doubles the count to 20; layer lifetime 0.5 halves lifetimes")
    func layerFactors() {
        var layer = EmitterLayerState()
        layer.birthRate = 2
        #expect(Self.particles([Self.cell(rate: 10, lifetime: 2)], layer: layer, at: 1).count == 20)
        layer.birthRate = 1
        layer.lifetime = 0.5
        // Lifetime 2 × 0.5 = 1 s: at t = 3 s the particles born in (2, 3] are alive, 10 of them.
        let particles = Self.particles([Self.cell(rate: 10, lifetime: 2)], layer: layer, at: 3)
        #expect(particles.count == 10)
        #expect(particles.allSatisfy { $0.lifetime == 1 })
    }

    @Test("lifetimeRange spreads lifetimes within lifetime ± range: 3 ± 1 s")
    func lifetimeRange() {
        let particles = Self.particles([Self.spreadCell], at: 10)
        #expect(!particles.isEmpty)
        #expect(particles.allSatisfy { $0.lifetime >= 2 && $0.lifetime <= 4 })
        #expect(Set(particles.map(\.lifetime)).count > 1)
    }

    @Test("a cell's beginTime 0.5 and duration 0.35 limit births to 0.6, 0.7 and 0.8 s at rate 10")
    func cellTiming() {
        var cell = Self.cell(rate: 10, lifetime: 10)
        cell.timing.beginTime = 0.5
        cell.timing.duration = 0.35
        let births = Self.particles([cell], at: 2).map(\.birthTime)
        #expect(births.count == 3)
        for (birth, expected) in zip(births, [0.6, 0.7, 0.8]) { #expect(abs(birth - expected) < 1e-12) }
        #expect(Self.particles([cell], at: 0.55).isEmpty)
    }

    // MARK: Determinism

    @Test("the same seed gives the same particles, at any time, in any order of evaluation")
    func sameSeed() {
        var layer = EmitterLayerState()
        layer.seed = 42
        let simulation = EmitterSimulation(cells: [Self.spreadCell])
        let first = simulation.particles(for: layer, at: 2)
        _ = simulation.particles(for: layer, at: 7)
        let again = EmitterSimulation(cells: [Self.spreadCell]).particles(for: layer, at: 2)
        #expect(first.count == again.count && !first.isEmpty)
        for (a, b) in zip(first, again) {
            #expect(a.position == b.position && a.zPosition == b.zPosition && a.scale == b.scale)
            #expect(a.rotation == b.rotation && a.color == b.color && a.birthTime == b.birthTime)
        }
    }

    @Test("a different seed gives different particles: seed 1 and seed 2 place the same birth elsewhere")
    func differentSeed() {
        var one = EmitterLayerState()
        one.seed = 1
        var two = EmitterLayerState()
        two.seed = 2
        let a = Self.particles([Self.spreadCell], layer: one, at: 2)
        let b = Self.particles([Self.spreadCell], layer: two, at: 2)
        #expect(!a.isEmpty && !b.isEmpty)
        let differing = zip(a, b).filter { $0.position != $1.position }.count
        #expect(differing > a.count / 2)
    }

    @Test("a particle's numbers do not depend on its neighbours: particle 5 is the same at t = 1 and at t = 1.5")
    func particleIndependence() throws {
        var cell = Self.spreadCell
        cell.lifetime = 100
        cell.lifetimeRange = 0
        let early = Self.particles([cell], at: 1)
        let late = Self.particles([cell], at: 1.5)
        let particle = try #require(early.dropFirst(5).first)
        let same = try #require(late.first { $0.birthTime == particle.birthTime })
        // Same direction and speed: the displacement grows in proportion to age.
        let ratio = same.age / particle.age
        #expect(abs(same.position.x - particle.position.x * ratio) < 1e-9)
        #expect(abs(same.position.y - particle.position.y * ratio) < 1e-9)
        #expect(abs(same.zPosition - particle.zPosition * ratio) < 1e-9)
    }

    // MARK: Motion

    @Test("position follows velocity and acceleration exactly: 100 pt/s along +x, 50 pt/s² down, age 1 s → (110, 45)")
    func motion() throws {
        var cell = Self.cell(rate: 10, lifetime: 10)
        cell.velocity = 100
        cell.yAcceleration = 50
        var layer = EmitterLayerState()
        layer.emitterPosition = CGPoint(x: 10, y: 20)
        let particles = Self.particles([cell], layer: layer, at: 1.1)
        let oldest = try #require(particles.first { abs($0.birthTime - 0.1) < 1e-12 })
        // Age 1 s: x = 10 + 100·1, y = 20 + ½·50·1².
        #expect(abs(oldest.age - 1) < 1e-12)
        #expect(abs(oldest.position.x - 110) < 1e-9)
        #expect(abs(oldest.position.y - 45) < 1e-9)
        #expect(oldest.zPosition == 0)
        // And at every age: x = 10 + 100·a, y = 20 + 25·a².
        for particle in particles {
            let age = particle.age
            #expect(abs(particle.position.x - (10 + 100 * age)) < 1e-9)
            #expect(abs(particle.position.y - (20 + 25 * age * age)) < 1e-9)
        }
    }

    @Test("layer velocity 2 doubles the speed; longitude π/2 flies down (+y); latitude π/2 flies towards +z")
    func directions() throws {
        var cell = Self.cell(rate: 1, lifetime: 10)
        cell.velocity = 10
        cell.emissionLongitude = .pi / 2
        var layer = EmitterLayerState()
        layer.velocity = 2
        let down = try #require(Self.particles([cell], layer: layer, at: 2).first)  // born at 1 s, age 1 s
        #expect(abs(down.position.x) < 1e-9 && abs(down.position.y - 20) < 1e-9)
        cell.emissionLatitude = .pi / 2
        let out = try #require(Self.particles([cell], at: 2).first)
        #expect(abs(out.zPosition - 10) < 1e-9 && abs(out.position.x) < 1e-9 && abs(out.position.y) < 1e-9)
    }

    @Test("emissionRange π/6 keeps every direction within 30° of the emission direction, and spreads them")
    func emissionCone() {
        var cell = Self.cell(rate: 50, lifetime: 10)
        cell.velocity = 100
        cell.emissionLongitude = .pi / 2
        cell.emissionRange = .pi / 6
        let particles = Self.particles([cell], at: 2)
        #expect(particles.count == 100)
        var angles: [Double] = []
        for particle in particles where particle.age > 0 {
            let d = SIMD3(Double(particle.position.x), Double(particle.position.y), Double(particle.zPosition))
            let length = (d * d).sum().squareRoot()
            angles.append(acos(min(1, d.y / length)))
        }
        #expect(angles.allSatisfy { $0 <= .pi / 6 + 1e-9 })
        #expect(angles.contains { $0 > .pi / 12 })
    }

    @Test("scale, spin and colour change with age: scale (2 + 0.5·1) × 2 = 5, rotation 1 × 3 × 1 = 3, alpha 1 − 0.5")
    func ageingValues() throws {
        var cell = Self.cell(rate: 1, lifetime: 10)
        cell.scale = 2
        cell.scaleSpeed = 0.5
        cell.spin = 1
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        cell.alphaSpeed = -0.5
        cell.greenSpeed = 1
        var layer = EmitterLayerState()
        layer.scale = 2
        layer.spin = 3
        let particle = try #require(Self.particles([cell], layer: layer, at: 2).first)  // born at 1 s, age 1 s
        #expect(abs(particle.scale - 5) < 1e-12)
        #expect(abs(particle.rotation - 3) < 1e-12)
        #expect(abs(particle.color.alpha - 0.5) < 1e-12)
        #expect(particle.color.green == 1)  // 0.5 + 1·1 = 1.5, clamped to 1
        #expect(abs(particle.color.blue - 0.25) < 1e-12)
        #expect(particle.contents === Self.image && particle.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    // MARK: Emitter shapes

    /// Birth places (velocity 0) of 200 particles for `shape` and `mode` with size 100 × 50, depth 30, at (200, 100).
    static func birthPlaces(shape: NamedChoice<EmitterShape>, mode: NamedChoice<EmitterMode>) -> [SIMD3<Double>] {
        var layer = EmitterLayerState()
        layer.emitterPosition = CGPoint(x: 200, y: 100)
        layer.emitterSize = CGSize(width: 100, height: 50)
        layer.emitterDepth = 30
        layer.emitterShape = shape
        layer.emitterMode = mode
        return Self.particles([Self.cell(rate: 100, lifetime: 10)], layer: layer, at: 2).map {
            SIMD3(Double($0.position.x) - 200, Double($0.position.y) - 100, Double($0.zPosition))
        }
    }

    @Test("shapes: a rectangle's surface is its 100 × 50 area, a circle's outline is at radius 50, a point is a point")
    func shapes() {
        let rectangle = Self.birthPlaces(shape: "rectangle", mode: "surface")
        #expect(rectangle.count == 200)
        #expect(rectangle.allSatisfy { abs($0.x) <= 50 && abs($0.y) <= 25 && $0.z == 0 })
        #expect(rectangle.contains { abs($0.x) > 25 } && rectangle.contains { abs($0.y) > 12.5 })
        let circle = Self.birthPlaces(shape: "circle", mode: "outline")
        #expect(circle.allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - 50) < 1e-9 })
        let disc = Self.birthPlaces(shape: "circle", mode: "volume")
        #expect(disc.allSatisfy { ($0.x * $0.x + $0.y * $0.y).squareRoot() <= 50 + 1e-9 })
        #expect(Self.birthPlaces(shape: "point", mode: "volume").allSatisfy { $0 == .zero })
        let line = Self.birthPlaces(shape: "line", mode: "outline")
        #expect(line.allSatisfy { abs($0.x) <= 50 && $0.y == 0 })
        let ends = Self.birthPlaces(shape: "line", mode: "points")
        #expect(ends.allSatisfy { abs($0.x) == 50 } && Set(ends.map(\.x)).count == 2)
        let outline = Self.birthPlaces(shape: "rectangle", mode: "outline")
        #expect(outline.allSatisfy { abs(abs($0.x) - 50) < 1e-9 || abs(abs($0.y) - 25) < 1e-9 })
        let sphere = Self.birthPlaces(shape: "sphere", mode: "surface")
        #expect(sphere.allSatisfy { abs(($0 * $0).sum().squareRoot() - 50) < 1e-9 })
        #expect(sphere.contains { abs($0.z) > 25 })
        let ball = Self.birthPlaces(shape: "sphere", mode: "volume")
        #expect(ball.allSatisfy { ($0 * $0).sum().squareRoot() <= 50 + 1e-9 })
        let box = Self.birthPlaces(shape: "cuboid", mode: "volume")
        #expect(box.allSatisfy { abs($0.x) <= 50 && abs($0.y) <= 25 && abs($0.z) <= 15 })
        let edges = Self.birthPlaces(shape: "cuboid", mode: "outline")
        #expect(
            edges.allSatisfy { place in
                let onFace = [abs(place.x) == 50, abs(place.y) == 25, abs(place.z) == 15].filter { $0 }.count
                return onFace >= 2
            })
        let faces = Self.birthPlaces(shape: "cuboid", mode: "surface")
        #expect(faces.allSatisfy { abs($0.x) == 50 || abs($0.y) == 25 || abs($0.z) == 15 })
        let corners = Self.birthPlaces(shape: "cuboid", mode: "points")
        #expect(corners.allSatisfy { abs($0.x) == 50 && abs($0.y) == 25 && abs($0.z) == 15 })
    }

    // MARK: Sub-cells

    @Test("sub-cells emit from their living parent: parent born at 1 s, child rate 10 → 5 particles at t = 1.5 s")
    func subcells() {
        var parent = Self.parentOfDrawnChild
        var layer = EmitterLayerState()
        layer.emitterPosition = CGPoint(x: 50, y: 50)
        let simulation = EmitterSimulation(cells: [parent])
        #expect(simulation.cells.count == 2 && simulation.cells[0].children == 1..<2)
        let particles = simulation.particles(for: layer, at: 1.5)
        #expect(particles.count == 5)
        #expect(particles.allSatisfy { $0.cellIndex == 1 })
        // Each child is born where the parent is at that moment, x = 50 + 20·(birth − 1), and stands still.
        for particle in particles {
            #expect(abs(particle.position.x - (50 + 20 * (particle.birthTime - 1))) < 1e-9)
            #expect(abs(particle.position.y - 50) < 1e-9)
        }
        // A parent living 0.25 s emits children only until then: births at 1.1 and 1.2 s.
        parent.lifetime = 0.25
        let short = EmitterSimulation(cells: [parent]).particles(for: layer, at: 1.3)
        #expect(short.count == 2)
    }

    @Test("disabled cells and cells without an image produce no particles")
    func invisibleCells() {
        var disabled = Self.cell(rate: 10, lifetime: 2)
        disabled.isEnabled = false
        var noImage = Self.cell(rate: 10, lifetime: 2)
        noImage.contents = "not an image"
        #expect(EmitterSimulation(cells: [disabled]).cells.isEmpty)
        #expect(Self.particles([disabled, noImage], at: 1).isEmpty)
    }

    @Test(
        "cells with no image on them or below them are not simulated: 3 levels at rate 100 consider 0 particles, not 2²⁰"
    )
    func imagelessBranchesAreSkipped() {
        // Three nested cells, rate 100 / s each, living 10 s, none with an image (the fuzz finding: a tree like this
        // spent the whole per-evaluation budget of 2²⁰ particles and drew nothing).
        func imagelessCell(depth: Int) -> CAEmitterCell {
            let cell = CAEmitterCell()
            cell.birthRate = 100
            cell.lifetime = 10
            if depth > 1 { cell.emitterCells = [imagelessCell(depth: depth - 1)] }
            return cell
        }
        func imageless(depth: Int) -> EmitterCellState { imagelessCell(depth: depth).values }
        let layer = EmitterLayerState()
        let dark = EmitterSimulation(cells: [imageless(depth: 3)])
        #expect(dark.cells.count == 3 && dark.cells.allSatisfy { !$0.canBeDrawn })
        var output: [EmitterParticle] = []
        #expect(dark.particles(for: layer, at: 5, into: &output) == 0)
        #expect(output.isEmpty)

        // The same tree beside a drawn cell (rate 10, lifetime 2): only the drawn cell's 10 particles at t = 1 s are
        // considered, and they are what is drawn.
        let mixed = EmitterSimulation(cells: [imageless(depth: 3), Self.cell(rate: 10, lifetime: 2)])
        #expect(mixed.particles(for: layer, at: 1, into: &output) == 10)
        #expect(output.count == 10 && output.allSatisfy { $0.cellIndex == 1 })

        // An image-less parent (rate 1, lifetime 2) of a drawn child is still simulated: at t = 1.5 s one parent
        // (born at 1 s) and the child's 5 particles are considered, as in `subcells()`.
        let lit = EmitterSimulation(cells: [Self.parentOfDrawnChild])
        #expect(lit.cells.map(\.canBeDrawn) == [true, true])
        #expect(lit.particles(for: layer, at: 1.5, into: &output) == 6)
        #expect(output.count == 5)
    }

    // MARK: Render order

    @Test("render modes: oldestFirst draws the oldest first, oldestLast last, backToFront by increasing z; additive")
    func renderOrder() {
        var cell = Self.cell(rate: 10, lifetime: 10)
        cell.velocity = 50
        cell.emissionRange = .pi
        let other = Self.cell(rate: 7, lifetime: 10)
        var layer = EmitterLayerState()
        layer.renderMode = "oldestFirst"
        let oldestFirst = Self.particles([cell, other], layer: layer, at: 2).map(\.birthTime)
        #expect(oldestFirst == oldestFirst.sorted())
        layer.renderMode = "oldestLast"
        let oldestLast = Self.particles([cell, other], layer: layer, at: 2).map(\.birthTime)
        #expect(oldestLast == oldestLast.sorted(by: >))
        layer.renderMode = "backToFront"
        let depths = Self.particles([cell, other], layer: layer, at: 2).map(\.zPosition)
        #expect(depths == depths.sorted() && Set(depths).count > 2)
        layer.renderMode = "unordered"
        let unordered = Self.particles([cell, other], layer: layer, at: 2)
        #expect(unordered.map(\.cellIndex) == Array(repeating: 0, count: 20) + Array(repeating: 1, count: 14))
        #expect(!EmitterSimulation.isAdditive(layer))
        layer.renderMode = "additive"
        #expect(EmitterSimulation.isAdditive(layer))
    }

    @Test("the into: variant reuses the array's storage and gives the same particles")
    func reusesStorage() {
        let simulation = EmitterSimulation(cells: [Self.spreadCell])
        let layer = EmitterLayerState()
        var reused: [EmitterParticle] = []
        reused.reserveCapacity(1_000)  // warm: more than the ~60 particles alive at any time
        simulation.particles(for: layer, at: 5, into: &reused)
        let capacity = reused.capacity
        let address = reused.withUnsafeBufferPointer { $0.baseAddress }
        simulation.particles(for: layer, at: 5.5, into: &reused)
        simulation.particles(for: layer, at: 5, into: &reused)
        #expect(reused.capacity == capacity)
        #expect(reused.withUnsafeBufferPointer { $0.baseAddress } == address)
        let fresh = simulation.particles(for: layer, at: 5)
        #expect(reused.map(\.position) == fresh.map(\.position))
    }

    @Test("loading other cells into a kept simulation replaces them: 2 cells (34 particles at 2 s), then 1 cell (40)")
    func loadReplacesCells() {
        let layer = EmitterLayerState()
        var simulation = EmitterSimulation()
        #expect(simulation.particles(for: layer, at: 2).isEmpty)
        simulation.load(cells: [Self.cell(rate: 10, lifetime: 10), Self.cell(rate: 7, lifetime: 10)])
        #expect(simulation.particles(for: layer, at: 2).count == 34)
        let address = simulation.cells.withUnsafeBufferPointer { $0.baseAddress }
        simulation.load(cells: [Self.spreadCell])
        #expect(simulation.cells.count == 1 && simulation.topLevel == 0..<1)
        #expect(simulation.cells.withUnsafeBufferPointer { $0.baseAddress } == address)
        let fresh = EmitterSimulation(cells: [Self.spreadCell]).particles(for: layer, at: 2)
        // 20 a second for 2 s, none dead yet (lifetimes 3 ± 1 s).
        #expect(fresh.count == 40)
        #expect(simulation.particles(for: layer, at: 2).map(\.position) == fresh.map(\.position))
    }

    // MARK: Birth history

    @Test("with a history, birthRate 1 → 0 at t = 1 s keeps the 10 particles already born alive at t = 2 s")
    func birthHistory() {
        let cells = [Self.cell(rate: 10, lifetime: 5)]
        var layer = EmitterLayerState()
        layer.birthRate = 0
        var history = EmitterBirthHistory()
        history.record(1, at: 0)
        history.record(0, at: 1)
        let kept = EmitterSimulation(cells: cells).particles(for: layer, at: 2, history: history)
        #expect(kept.count == 10)
        #expect(abs((kept.last?.birthTime ?? 0) - 1) < 1e-12)
        // Without a history the current factor 0 counts for all time: nothing.
        #expect(EmitterSimulation(cells: cells).particles(for: layer, at: 2).isEmpty)
        // Resuming at 3 s with factor 2: at 3.5 s the 10 first plus 2 × 10 × 0.5 = 10 more.
        history.record(2, at: 3)
        #expect(EmitterSimulation(cells: cells).particles(for: layer, at: 3.5, history: history).count == 20)
    }

    @Test("EmitterBirthHistory integrates its steps: 1 until 1 s, 0 until 3 s, 2 after → 1 at 2 s, 2 at 3.5 s")
    func historyIntegral() {
        var history = EmitterBirthHistory()
        #expect(history.integral(until: 4, fallback: 0.5) == 2)
        history.record(1, at: 0.25)  // the first value holds from 0
        history.record(1, at: 0.5)  // not a change: not stored
        history.record(0, at: 1)
        history.record(2, at: 3)
        #expect(history.changes.count == 3)
        #expect(history.integral(until: 2, fallback: 9) == 1)
        #expect(history.integral(until: 3.5, fallback: 9) == 2)
        #expect(history.time(whenIntegralReaches: 0.5, fallback: 9) == 0.5)
        #expect(history.time(whenIntegralReaches: 1.5, fallback: 9) == 3.25)
        history.record(0, at: 4)
        #expect(history.time(whenIntegralReaches: 100, fallback: 9) == .infinity)
        // Jumping back forgets the later changes; NaN and negative factors count as 0.
        history.record(-3, at: 2)
        #expect(history.changes.map(\.time) == [0.25, 1])
        history.record(.nan, at: 2.5)
        #expect(history.changes.count == 2)
    }

    // MARK: Bad input

    @Test("NaN or negative time, NaN velocity or rate draw nothing; a huge birth rate is capped at 32 768 particles")
    func badInput() {
        let cell = Self.cell(rate: 10, lifetime: 2)
        #expect(Self.particles([cell], at: .nan).isEmpty)
        #expect(Self.particles([cell], at: -1).isEmpty)
        var fast = cell
        fast.velocity = .nan
        #expect(Self.particles([fast], at: 1).isEmpty)
        var nanRate = cell
        nanRate.birthRate = .nan
        #expect(Self.particles([nanRate], at: 1).isEmpty)
        let flood = Self.particles([Self.cell(rate: 1e9, lifetime: 1)], at: 1)
        #expect(flood.count == EmitterSimulation.maximumParticlesPerEmitter)
    }
}
