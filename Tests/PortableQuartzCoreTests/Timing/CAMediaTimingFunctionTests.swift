import PortableQuartzCoreTesting
import Testing

@Suite("CAMediaTimingFunction (SPEC §2)")
struct CAMediaTimingFunctionTests {
    /// SPEC §2.3: float I/O plus the solver's tolerance.
    static let tolerance = 2e-5

    /// SPEC §2.3 reference table: x, then linear, easeIn, easeOut, easeInEaseOut, default.
    static let referenceTable: [(x: Double, values: [Double])] = [
        (0.10, [0.100009, 0.017027, 0.160572, 0.019722, 0.094795]),
        (0.25, [0.250000, 0.093465, 0.378140, 0.129162, 0.408511]),
        (0.50, [0.500000, 0.315357, 0.684643, 0.500000, 0.802403]),
        (0.75, [0.750000, 0.621860, 0.906535, 0.870838, 0.960459]),
        (0.90, [0.899991, 0.839428, 0.982973, 0.980278, 0.994316]),
    ]
    static let tableNames: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    @Test("named curves match the SPEC §2.3 reference table", arguments: 0..<5)
    func referenceValues(column: Int) {
        let function = CAMediaTimingFunction(name: Self.tableNames[column])
        for row in Self.referenceTable {
            TimingFixtures.expectClose(
                function.evaluate(at: row.x), row.values[column], tolerance: Self.tolerance,
                "\(Self.tableNames[column].rawValue) at \(row.x)")
            TimingFixtures.expectClose(
                Double(function.evaluate(at: Float(row.x))), row.values[column], tolerance: Self.tolerance,
                "\(Self.tableNames[column].rawValue) at Float \(row.x)")
        }
    }

    @Test("linear is solved, not special-cased: 0.67 → 0.669997 and 0.1 → 0.100009")
    func linearIsNotIdentity() {
        let linear = CAMediaTimingFunction(name: .linear)
        TimingFixtures.expectClose(linear.evaluate(at: 0.67), 0.669997, tolerance: 1e-6)
        TimingFixtures.expectClose(linear.evaluate(at: 0.1), 0.100009, tolerance: 1e-6)
        #expect(linear.evaluate(at: 0.67) != 0.67)
    }

    @Test(
        "named functions have the published control points (SPEC §2.1)",
        arguments: [
            (CAMediaTimingFunctionName.default, [Float(0.25), 0.1, 0.25, 1]),
            (.linear, [0, 0, 1, 1]),
            (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]),
        ])
    func namedControlPoints(name: CAMediaTimingFunctionName, points: [Float]) {
        let function = CAMediaTimingFunction(name: name)
        var first: [Float] = [-1, -1]
        var second: [Float] = [-1, -1]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        #expect(first + second == points)
        #expect(function == CAMediaTimingFunction(controlPoints: points[0], points[1], points[2], points[3]))
    }

    @Test("getControlPoint: 0 is (0, 0), 1 and 2 the control points, 3 is (1, 1) (SPEC §2.2)")
    func controlPointIndices() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var point: [Float] = [9, 9]
        function.getControlPoint(at: 0, values: &point)
        #expect(point == [0, 0])
        function.getControlPoint(at: 1, values: &point)
        #expect(point == [0.1, 0.2])
        function.getControlPoint(at: 2, values: &point)
        #expect(point == [0.3, 0.4])
        function.getControlPoint(at: 3, values: &point)
        #expect(point == [1, 1])
    }

    @Test("control points are stored as Float")
    func floatStorage() {
        let function = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        var point: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &point)
        #expect(Double(point[0]) == 0.10000000149011612)
    }

    @Test("points within 0.001 of a built-in curve become that curve exactly (RE-QC initWithControlPoints)")
    func snapsToBuiltIns() {
        let near = CAMediaTimingFunction(controlPoints: 0.4205, 0.0004, 0.9995, 1.0009)
        #expect(near == CAMediaTimingFunction(name: .easeIn))
        var point: [Float] = [0, 0]
        near.getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])
        let far = CAMediaTimingFunction(controlPoints: 0.4215, 0, 1, 1)
        #expect(far != CAMediaTimingFunction(name: .easeIn))
        far.getControlPoint(at: 1, values: &point)
        #expect(point == [0.4215, 0])
    }

    @Test("NaN control points fall back to the default curve, as Core Animation's comparison does")
    func nanControlPoints() {
        let function = CAMediaTimingFunction(controlPoints: .nan, .nan, .nan, .nan)
        #expect(function == CAMediaTimingFunction(name: .default))
    }

    @Test("functions with equal control points are equal and hash alike")
    func equality() {
        let a = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        let b = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4)
        let c = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.5)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(a.isEqual(b))
        #expect(!a.isEqual(c))
        #expect(!a.isEqual("not a function"))
        #expect(!a.isEqual(nil))
        #expect(Set([a, b, c]).count == 2)
    }

    @Test("description lists the control points like Apple's: (0.25 0.1; 0.25 1)")
    func description() {
        #expect(CAMediaTimingFunction(name: .default).description == "(0.25 0.1; 0.25 1)")
        #expect(CAMediaTimingFunction(name: .easeOut).description == "(0 0; 0.58 1)")
    }

    @Test("names have Apple's raw values")
    func nameRawValues() {
        #expect(CAMediaTimingFunctionName.default.rawValue == "default")
        #expect(CAMediaTimingFunctionName.linear.rawValue == "linear")
        #expect(CAMediaTimingFunctionName.easeIn.rawValue == "easeIn")
        #expect(CAMediaTimingFunctionName.easeOut.rawValue == "easeOut")
        #expect(CAMediaTimingFunctionName.easeInEaseOut.rawValue == "easeInEaseOut")
    }

    @Test("the curve starts at 0, ends at 1 and maps NaN to 0")
    func endpointsAndNaN() {
        for name in Self.tableNames {
            let function = CAMediaTimingFunction(name: name)
            #expect(function.evaluate(at: 0.0) == 0)
            TimingFixtures.expectClose(function.evaluate(at: 1.0), 1, tolerance: 1e-12)
            #expect(function.evaluate(at: Double.nan) == 0)
            #expect(function.evaluate(at: Float.nan) == 0)
        }
    }

    @Test("an unknown name traps with a message")
    func unknownNameTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: "bouncy"))
        }
    }

    @Test("a control point index outside 0...3 traps")
    func badIndexTraps() async {
        await #expect(processExitsWith: .failure) {
            var point: [Float] = [0, 0]
            CAMediaTimingFunction(name: .linear).getControlPoint(at: 4, values: &point)
        }
        await #expect(processExitsWith: .failure) {
            var point: [Float] = [0, 0]
            CAMediaTimingFunction(name: .linear).getControlPoint(at: -1, values: &point)
        }
    }
}
