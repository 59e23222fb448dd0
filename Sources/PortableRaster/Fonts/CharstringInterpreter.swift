/// Runs one Type 2 charstring and records the outline it draws.
///
/// Implements every Type 2 operator: the path operators (`rmoveto`, `hmoveto`, `vmoveto`, `rlineto`,
/// `hlineto`, `vlineto`, `rrcurveto`, `hhcurveto`, `vvcurveto`, `hvcurveto`, `vhcurveto`, `rcurveline`,
/// `rlinecurve`, and the four flex forms, drawn as their two curves), `endchar` (including its deprecated
/// accented-character form, which draws a base glyph and an accent glyph found through the Standard Encoding),
/// the hint operators (`hstem`, `vstem`, `hstemhm`, `vstemhm`, `hintmask`, `cntrmask`, counted only so that
/// the mask bytes can be skipped), local and global subroutine calls with the format's bias, and the
/// arithmetic and storage operators. The optional advance width before the first stack-clearing operator is
/// recognised and dropped (advances come from `hmtx`).
///
/// Limits, each giving ``FontError/invalidCharstring(glyph:detail:)``: 48 operands on the stack, subroutine
/// nesting of 10, ``maximumOperations`` operators per glyph (which bounds the work even for subroutines that
/// fan out), and the usual argument-count rules of each operator.
struct CharstringInterpreter {
    /// Most operands on the stack (the Type 2 limit).
    static let maximumStack = 48
    /// Deepest subroutine nesting (the Type 2 limit).
    static let maximumNesting = 10
    /// Most operators executed for one glyph, counting those inside subroutines.
    static let maximumOperations = 100_000

    let outlines: CompactFontOutlines
    let glyph: UInt16
    private(set) var path = RasterPath()

    private var stack: [Double] = []
    private var transient = [Double](repeating: 0, count: 32)
    private var stemCount = 0
    private var sawWidth = false
    private var x = 0.0
    private var y = 0.0
    private var isOpen = false
    private var operations = 0
    private var finished = false
    private var randomState: UInt64
    private var localSubroutines: CompactIndex?
    /// Added to every point: the accent's placement while drawing the accent of an accented character.
    private var origin = RasterPoint.zero

    init(outlines: CompactFontOutlines, glyph: UInt16) {
        self.outlines = outlines
        self.glyph = glyph
        self.randomState = 0x9E37_79B9_7F4A_7C15 ^ UInt64(glyph)
        stack.reserveCapacity(Self.maximumStack)
    }

    private func failure(_ detail: String) -> FontError {
        .invalidCharstring(glyph: glyph, detail: detail)
    }

    /// Runs the charstring of `charGlyph`, appending its outline to ``path``.
    mutating func run(glyph charGlyph: UInt16, allowAccent: Bool) throws(FontError) {
        localSubroutines = outlines.localSubroutines(of: charGlyph)
        let range = try outlines.charStrings.item(Int(charGlyph))
        try execute(range, depth: 0, allowAccent: allowAccent)
        closeContour()
    }

    // MARK: - Interpretation

    private mutating func execute(_ range: Range<Int>, depth: Int, allowAccent: Bool) throws(FontError) {
        let table = outlines.table
        var position = range.lowerBound
        while position < range.upperBound, !finished {
            let byte = try table.uint8(position)
            position += 1
            if byte >= 32 || byte == 28 {
                let value: Double
                switch byte {
                case 28:
                    value = Double(try table.int16(position))
                    position += 2
                case 32...246:
                    value = Double(Int(byte) - 139)
                case 247...250:
                    value = Double((Int(byte) - 247) * 256 + Int(try table.uint8(position)) + 108)
                    position += 1
                case 251...254:
                    value = Double(-(Int(byte) - 251) * 256 - Int(try table.uint8(position)) - 108)
                    position += 1
                default:
                    value = Double(try table.int32(position)) / 65536
                    position += 4
                }
                try push(value)
                continue
            }
            operations += 1
            guard operations <= Self.maximumOperations else {
                throw failure("more than \(Self.maximumOperations) operators")
            }
            switch byte {
            case 1, 3, 18, 23:  // hstem, vstem, hstemhm, vstemhm
                takeWidthIfOdd()
                stemCount += stack.count / 2
                stack.removeAll(keepingCapacity: true)
            case 19, 20:  // hintmask, cntrmask
                takeWidthIfOdd()
                stemCount += stack.count / 2
                stack.removeAll(keepingCapacity: true)
                position += (stemCount + 7) / 8
                guard position <= range.upperBound else { throw failure("hint mask runs past the charstring") }
            case 21:  // rmoveto
                takeWidth(ifMoreThan: 2)
                try require(2)
                moveTo(dx: stack[0], dy: stack[1])
            case 22:  // hmoveto
                takeWidth(ifMoreThan: 1)
                try require(1)
                moveTo(dx: stack[0], dy: 0)
            case 4:  // vmoveto
                takeWidth(ifMoreThan: 1)
                try require(1)
                moveTo(dx: 0, dy: stack[0])
            case 5:  // rlineto
                try requirePairs()
                var index = 0
                while index < stack.count {
                    lineTo(dx: stack[index], dy: stack[index + 1])
                    index += 2
                }
            case 6, 7:  // hlineto, vlineto
                try require(1)
                var horizontal = byte == 6
                for value in stack {
                    if horizontal { lineTo(dx: value, dy: 0) } else { lineTo(dx: 0, dy: value) }
                    horizontal.toggle()
                }
            case 8:  // rrcurveto
                guard !stack.isEmpty, stack.count % 6 == 0 else { throw failure("rrcurveto needs 6n operands") }
                curves(from: 0, to: stack.count)
            case 24:  // rcurveline
                guard stack.count >= 8, (stack.count - 2) % 6 == 0 else {
                    throw failure("rcurveline needs 6n + 2 operands")
                }
                curves(from: 0, to: stack.count - 2)
                lineTo(dx: stack[stack.count - 2], dy: stack[stack.count - 1])
            case 25:  // rlinecurve
                guard stack.count >= 8, stack.count % 2 == 0 else { throw failure("rlinecurve needs 2n + 6 operands") }
                var index = 0
                while index < stack.count - 6 {
                    lineTo(dx: stack[index], dy: stack[index + 1])
                    index += 2
                }
                curves(from: index, to: stack.count)
            case 26, 27:  // vvcurveto, hhcurveto
                try straightCurves(vertical: byte == 26)
            case 30, 31:  // vhcurveto, hvcurveto
                try alternatingCurves(startHorizontal: byte == 31)
            case 14:  // endchar
                takeWidth(ifCount: [1, 5])
                if stack.count == 4 {
                    guard allowAccent else { throw failure("accented character inside an accented character") }
                    try drawAccented(adx: stack[0], ady: stack[1], base: stack[2], accent: stack[3])
                } else if !stack.isEmpty {
                    throw failure("endchar with \(stack.count) operands")
                }
                closeContour()
                finished = true
            case 10, 29:  // callsubr, callgsubr
                guard let number = stack.popLast() else { throw failure("subroutine call without a number") }
                guard depth < Self.maximumNesting else { throw failure("subroutines nested deeper than 10") }
                let index: CompactIndex
                if byte == 10 {
                    guard let local = localSubroutines else { throw failure("callsubr without local subroutines") }
                    index = local
                } else {
                    index = outlines.globalSubroutines
                }
                guard let biased = Int(exactly: number.rounded(.towardZero)).map({ $0 + index.subroutineBias }),
                    biased >= 0, biased < index.count
                else { throw failure("subroutine \(number) does not exist") }
                try execute(try index.item(biased), depth: depth + 1, allowAccent: allowAccent)
                continue
            case 11:  // return
                guard depth > 0 else { throw failure("return outside a subroutine") }
                return
            case 12:
                let second = try table.uint8(position)
                position += 1
                try escaped(second)
                continue
            default:
                throw failure("unknown operator \(byte)")
            }
            stack.removeAll(keepingCapacity: true)
        }
    }

    private mutating func push(_ value: Double) throws(FontError) {
        guard stack.count < Self.maximumStack else { throw failure("operand stack overflow") }
        stack.append(value)
    }

    private func require(_ count: Int) throws(FontError) {
        guard stack.count >= count else { throw failure("operand stack underflow") }
    }

    private func requirePairs() throws(FontError) {
        guard !stack.isEmpty, stack.count % 2 == 0 else { throw failure("operator needs operand pairs") }
    }

    // MARK: - Width

    private mutating func takeWidthIfOdd() {
        guard !sawWidth else { return }
        sawWidth = true
        if stack.count % 2 == 1 { stack.removeFirst() }
    }

    private mutating func takeWidth(ifMoreThan count: Int) {
        guard !sawWidth else { return }
        sawWidth = true
        if stack.count > count { stack.removeFirst() }
    }

    private mutating func takeWidth(ifCount counts: [Int]) {
        guard !sawWidth else { return }
        sawWidth = true
        if counts.contains(stack.count) { stack.removeFirst() }
    }

    // MARK: - Path building

    private func point(_ px: Double, _ py: Double) -> RasterPoint {
        let scale = outlines.scale
        return RasterPoint(x: px * scale + origin.x, y: py * scale + origin.y)
    }

    private mutating func closeContour() {
        if isOpen { path.close() }
        isOpen = false
    }

    private mutating func moveTo(dx: Double, dy: Double) {
        closeContour()
        x += dx
        y += dy
        path.move(to: point(x, y))
        isOpen = true
    }

    private mutating func lineTo(dx: Double, dy: Double) {
        ensureOpen()
        x += dx
        y += dy
        path.line(to: point(x, y))
    }

    /// A curve given by three relative offsets (control 1 from the current point, control 2 from control 1,
    /// end from control 2).
    private mutating func curveTo(
        _ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double, _ dx3: Double, _ dy3: Double
    ) {
        ensureOpen()
        let x1 = x + dx1
        let y1 = y + dy1
        let x2 = x1 + dx2
        let y2 = y1 + dy2
        x = x2 + dx3
        y = y2 + dy3
        path.curve(to: point(x, y), control1: point(x1, y1), control2: point(x2, y2))
    }

    /// A drawing operator without a preceding move starts at the current point (the origin at first).
    private mutating func ensureOpen() {
        guard !isOpen else { return }
        path.move(to: point(x, y))
        isOpen = true
    }

    private mutating func curves(from start: Int, to end: Int) {
        var index = start
        while index + 6 <= end {
            curveTo(
                stack[index], stack[index + 1], stack[index + 2], stack[index + 3], stack[index + 4], stack[index + 5])
            index += 6
        }
    }

    /// `hhcurveto` (`vertical == false`) and `vvcurveto`: curves that start and end along one axis, with an
    /// optional leading offset across that axis for the first curve.
    private mutating func straightCurves(vertical: Bool) throws(FontError) {
        guard stack.count >= 4, stack.count % 4 <= 1 else {
            throw failure("\(vertical ? "vv" : "hh")curveto needs 4n or 4n + 1 operands")
        }
        var index = 0
        var across = 0.0
        if stack.count % 4 == 1 {
            across = stack[0]
            index = 1
        }
        while index + 4 <= stack.count {
            let a = stack[index]
            let b = stack[index + 1]
            let c = stack[index + 2]
            let d = stack[index + 3]
            if vertical {
                curveTo(across, a, b, c, 0, d)
            } else {
                curveTo(a, across, b, c, d, 0)
            }
            across = 0
            index += 4
        }
    }

    /// `hvcurveto` and `vhcurveto`: curves whose tangents alternate between horizontal and vertical, with an
    /// optional final operand for the last curve's other end coordinate.
    private mutating func alternatingCurves(startHorizontal: Bool) throws(FontError) {
        guard stack.count >= 4, stack.count % 4 <= 1 else {
            throw failure("hvcurveto/vhcurveto needs 4n or 4n + 1 operands")
        }
        var horizontal = startHorizontal
        var index = 0
        while index + 4 <= stack.count {
            let last = stack.count - index == 5 ? stack[index + 4] : 0
            let a = stack[index]
            let b = stack[index + 1]
            let c = stack[index + 2]
            let d = stack[index + 3]
            if horizontal {
                curveTo(a, 0, b, c, last, d)
            } else {
                curveTo(0, a, b, c, d, last)
            }
            horizontal.toggle()
            index += 4
        }
    }

    // MARK: - Two-byte operators

    private mutating func escaped(_ operation: UInt8) throws(FontError) {
        switch operation {
        case 34:  // hflex
            guard stack.count == 7 else { throw failure("hflex needs 7 operands") }
            let s = stack
            let startY = y
            curveTo(s[0], 0, s[1], s[2], s[3], 0)
            curveTo(s[4], 0, s[5], startY - y, s[6], 0)
        case 35:  // flex
            guard stack.count == 13 else { throw failure("flex needs 13 operands") }
            let s = stack
            curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            curveTo(s[6], s[7], s[8], s[9], s[10], s[11])
        case 36:  // hflex1
            guard stack.count == 9 else { throw failure("hflex1 needs 9 operands") }
            let s = stack
            let startY = y
            curveTo(s[0], s[1], s[2], s[3], s[4], 0)
            curveTo(s[5], 0, s[6], s[7], s[8], startY - (y + s[7]))
        case 37:  // flex1
            guard stack.count == 11 else { throw failure("flex1 needs 11 operands") }
            let s = stack
            let startX = x
            let startY = y
            let dx = s[0] + s[2] + s[4] + s[6] + s[8]
            let dy = s[1] + s[3] + s[5] + s[7] + s[9]
            curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            if abs(dx) > abs(dy) {
                curveTo(s[6], s[7], s[8], s[9], s[10], startY - (y + s[7] + s[9]))
            } else {
                curveTo(s[6], s[7], s[8], s[9], startX - (x + s[6] + s[8]), s[10])
            }
        case 0:  // dotsection (deprecated hint): no effect
            break
        default:
            try arithmetic(operation)
            return
        }
        stack.removeAll(keepingCapacity: true)
    }

    private mutating func pop() throws(FontError) -> Double {
        guard let value = stack.popLast() else { throw failure("operand stack underflow") }
        return value
    }

    private mutating func arithmetic(_ operation: UInt8) throws(FontError) {
        switch operation {
        case 3:  // and
            let b = try pop()
            let a = try pop()
            try push(a != 0 && b != 0 ? 1 : 0)
        case 4:  // or
            let b = try pop()
            let a = try pop()
            try push(a != 0 || b != 0 ? 1 : 0)
        case 5:  // not
            try push(try pop() == 0 ? 1 : 0)
        case 9:  // abs
            try push(abs(try pop()))
        case 10:  // add
            let b = try pop()
            try push(try pop() + b)
        case 11:  // sub
            let b = try pop()
            try push(try pop() - b)
        case 12:  // div
            let b = try pop()
            let a = try pop()
            guard b != 0 else { throw failure("division by zero") }
            try push(a / b)
        case 14:  // neg
            try push(-(try pop()))
        case 15:  // eq
            let b = try pop()
            try push(try pop() == b ? 1 : 0)
        case 18:  // drop
            _ = try pop()
        case 20:  // put
            let index = try pop()
            let value = try pop()
            transient[try transientIndex(index)] = value
        case 21:  // get
            try push(transient[try transientIndex(try pop())])
        case 22:  // ifelse
            let v2 = try pop()
            let v1 = try pop()
            let s2 = try pop()
            let s1 = try pop()
            try push(v1 <= v2 ? s1 : s2)
        case 23:  // random: a deterministic value in (0, 1], the same for every run of the same glyph
            randomState = randomState &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            try push(Double((randomState >> 11) + 1) / Double(UInt64(1) << 53))
        case 24:  // mul
            let b = try pop()
            try push(try pop() * b)
        case 26:  // sqrt
            let value = try pop()
            guard value >= 0 else { throw failure("square root of a negative number") }
            try push(value.squareRoot())
        case 27:  // dup
            let value = try pop()
            try push(value)
            try push(value)
        case 28:  // exch
            let b = try pop()
            let a = try pop()
            try push(b)
            try push(a)
        case 29:  // index
            let position = try pop()
            guard !stack.isEmpty else { throw failure("operand stack underflow") }
            guard position.isFinite else { throw failure("index beyond the stack") }
            let offset = position < 0 ? 0 : Int(min(position, Double(Self.maximumStack)))
            guard offset < stack.count else { throw failure("index beyond the stack") }
            try push(stack[stack.count - 1 - offset])
        case 30:  // roll
            let shift = try pop()
            let count = try pop()
            guard count >= 0, count <= Double(stack.count), shift.isFinite else { throw failure("roll out of range") }
            let n = Int(count)
            guard n > 0 else { break }
            let j = ((Int(shift.truncatingRemainder(dividingBy: Double(n)).rounded(.towardZero)) % n) + n) % n
            let top = Array(stack.suffix(n))
            stack.removeLast(n)
            stack.append(contentsOf: top.suffix(j))
            stack.append(contentsOf: top.prefix(n - j))
        default:
            throw failure("unknown operator 12 \(operation)")
        }
    }

    private func transientIndex(_ value: Double) throws(FontError) -> Int {
        guard value >= 0, value < Double(transient.count) else { throw failure("transient index \(value)") }
        return Int(value)
    }

    // MARK: - Accented characters

    /// Draws the base character then the accent moved by `(adx, ady)`, both looked up by their Standard
    /// Encoding codes.
    private mutating func drawAccented(adx: Double, ady: Double, base: Double, accent: Double) throws(FontError) {
        guard let baseGlyph = Self.glyph(forStandardCode: base, in: outlines),
            let accentGlyph = Self.glyph(forStandardCode: accent, in: outlines)
        else { throw failure("accented character names a character the font lacks") }
        closeContour()
        var basePart = CharstringInterpreter(outlines: outlines, glyph: glyph)
        try basePart.run(glyph: baseGlyph, allowAccent: false)
        var accentPart = CharstringInterpreter(outlines: outlines, glyph: glyph)
        accentPart.origin = point(adx, ady)
        try accentPart.run(glyph: accentGlyph, allowAccent: false)
        path.appendOutline(basePart.path)
        path.appendOutline(accentPart.path)
    }

    private static func glyph(forStandardCode code: Double, in outlines: CompactFontOutlines) -> UInt16? {
        guard code >= 0, code < 256, let name = StandardEncoding.stringID(forCode: Int(code)), name != 0 else {
            return nil
        }
        return outlines.glyph(named: name)
    }
}

extension RasterPath {
    /// Appends every subpath of `other` (used to join the parts of an accented glyph).
    mutating func appendOutline(_ other: RasterPath) {
        var index = 0
        let points = other.points
        for verb in other.verbs {
            switch verb {
            case .move: move(to: points[index])
            case .line: line(to: points[index])
            case .quadratic: quadCurve(to: points[index + 1], control: points[index])
            case .cubic: curve(to: points[index + 2], control1: points[index], control2: points[index + 1])
            case .close: close()
            }
            index += verb.pointCount
        }
    }
}

/// Adobe's Standard Encoding as CFF string ids, for the accented-character form of `endchar`.
enum StandardEncoding {
    /// The string id of the glyph name that character code `code` has in the Standard Encoding, or `nil` for an
    /// unassigned code.
    static func stringID(forCode code: Int) -> UInt16? {
        switch code {
        case 32...126: return UInt16(code - 31)
        case 161...175: return UInt16(code - 65)
        case 177...180: return UInt16(code - 66)
        case 182...189: return UInt16(code - 67)
        case 191: return 123
        case 193...200: return UInt16(code - 69)
        case 202, 203: return UInt16(code - 70)
        case 205...208: return UInt16(code - 71)
        case 225: return 138
        case 227: return 139
        case 232...235: return UInt16(code - 92)
        case 241: return 144
        case 245: return 145
        case 248...251: return UInt16(code - 102)
        default: return nil
        }
    }
}
