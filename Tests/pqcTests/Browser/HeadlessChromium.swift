import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Headless Chromium driven through the DevTools protocol over a pipe (test helper; no network, no WebSocket).
///
/// Chromium started with `--remote-debugging-pipe` reads protocol messages (JSON, each ended by a NUL byte) on its
/// file descriptor 3 and writes its answers and events on descriptor 4. The helper starts it with a fresh profile
/// folder, opens one page and attaches to it; `call(_:_:)` sends a command to the page and waits for its answer,
/// `evaluate(_:)` runs JavaScript there (awaiting promises). Every wait has a time limit, and the browser is killed
/// when the helper goes away, so a test can neither hang nor leave it running.
final class HeadlessChromium {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The browser to use: `PQC_CHROMIUM` when set, else the first of `chromium`, `chromium-browser`,
    /// `google-chrome` on the `PATH`; nil when there is none.
    static func locate() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PQC_CHROMIUM"], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return URL(fileURLWithPath: "\(folder)/\(name)")
            }
        }
        return nil
    }

    private let process: pid_t
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private let profile: URL
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session = ""
    /// Seconds any one answer may take.
    var timeout: Double = 60

    /// Starts `executable` headless with a window of `width × height` CSS pixels at one device pixel each, sRGB
    /// colours, and opens a blank page.
    init(executable: URL, width: Int, height: Int) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("pqc-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure(description: "pipe() failed") }
        let arguments = [
            executable.path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--force-color-profile=srgb", "--window-size=\(width),\(height)",
            "--user-data-dir=\(profile.path)", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 3)
        posix_spawn_file_actions_adddup2(&actions, output[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for descriptor in [input[1], output[0]] { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        close(input[0])
        close(output[1])
        guard status == 0 else {
            close(input[1])
            close(output[0])
            throw Failure(description: "cannot start \(executable.path) (error \(status))")
        }
        process = pid
        toBrowser = input[1]
        fromBrowser = output[0]
        let target = try call("Target.createTarget", ["url": "about:blank"], inPage: false)
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "no page target") }
        let attached = try call(
            "Target.attachToTarget", ["targetId": targetID, "flatten": true], inPage: false)
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "no session") }
        self.session = session
        _ = try call(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    deinit {
        close(toBrowser)
        close(fromBrowser)
        kill(process, SIGKILL)
        var status: Int32 = 0
        waitpid(process, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Sends `method` with `parameters` (to the page, or to the browser) and returns the answer's `result`.
    /// - Throws: `Failure` on a protocol error, a closed pipe, or no answer within `timeout` seconds.
    @discardableResult
    func call(_ method: String, _ parameters: [String: Any] = [:], inPage: Bool = true) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if inPage { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser closed its pipe") }
            written += count
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline)
            guard reply["id"] as? Int == id else { continue }
            if let error = reply["error"] as? [String: Any] {
                throw Failure(description: "\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// The value of the JavaScript `expression` in the page (a promise is awaited).
    /// - Throws: `Failure` when it throws in the page.
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call(
            "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Failure(description: "JavaScript failed: \(exception["text"] ?? "") in \(expression)")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `condition` every 50 ms until it is `true`.
    /// - Throws: `Failure` naming the condition after `seconds`.
    func wait(until condition: String, seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try evaluate(condition) as? Bool == true { return }
            usleep(50_000)
        }
        throw Failure(description: "timed out waiting for \(condition)")
    }

    /// A PNG screenshot of the page area `rect` (CSS pixels, page coordinates).
    func screenshot(of rect: CGRect) throws -> Data {
        let clip: [String: Any] = [
            "x": Double(rect.minX), "y": Double(rect.minY), "width": Double(rect.width),
            "height": Double(rect.height), "scale": 1,
        ]
        let result = try call(
            "Page.captureScreenshot", ["format": "png", "clip": clip, "captureBeyondViewport": true])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "the screenshot has no data")
        }
        return data
    }

    private func nextMessage(until deadline: Date) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                if let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] {
                    return object
                }
                continue
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "no answer from the browser in \(timeout) s") }
            var descriptor = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(Swift.min(remaining, 1) * 1000))
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the browser closed its pipe") }
            buffer += chunk[0..<count]
        }
    }
}
