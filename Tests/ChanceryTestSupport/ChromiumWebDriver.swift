import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A headless Debian Chromium driven through the W3C WebDriver protocol: plain JSON over HTTP
/// to a `chromedriver` child process on a free loopback port, for tests of pages as a person
/// uses them.
///
/// ```swift
/// let browser = try await ChromiumWebDriver.start()
/// try await browser.navigate(to: url)
/// try await browser.sendKeys("alice", to: browser.element(css: "#username"))
/// try await browser.click(browser.element(css: "#sign-in-button"))
/// await browser.quit()
/// ```
///
/// ``element(css:timeout:)`` and ``waitForURL(timeout:where:)`` wait for a page's state by
/// asking the driver again, a bounded number of times within a time limit.
public final class ChromiumWebDriver: Sendable {
    /// The browser, as Debian's `chromium` package installs it.
    public static let chromium = "/usr/bin/chromium"
    /// The driver, as Debian's `chromium-driver` package installs it.
    public static let chromedriver = "/usr/bin/chromedriver"

    /// Whether the browser and its driver are installed (`scripts/test` installs them).
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }

    /// An element of the current page, by the driver's reference to it.
    public struct Element: Sendable {
        /// The driver's element reference.
        public let reference: String
    }

    /// The name of an element reference in the driver's JSON, fixed by the W3C specification.
    private static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let process: Process
    /// Finishes when the driver has exited.
    private let exit: AsyncStream<Void>
    /// The session's URL, such as `http://127.0.0.1:41039/session/5f1c…`.
    private let sessionURL: String

    private init(process: Process, exit: AsyncStream<Void>, sessionURL: String) {
        self.process = process
        self.exit = exit
        self.sessionURL = sessionURL
    }

    /// Starts `chromedriver` on a free loopback port and opens a session with a new headless
    /// Chromium.
    ///
    /// `chromedriver --port=0` is not safe: it binds the IPv6 loopback to a free port, then the
    /// IPv4 loopback to the same number, which another program may hold, and exits. So the port
    /// is one the IPv4 loopback just had free, and another is tried (at most
    /// ``portAttempts`` in all) when someone took it in between.
    ///
    /// - Throws: ``Failure`` when the driver is not installed, does not announce its port
    ///   within `timeout`, or cannot start the browser.
    public static func start(timeout: Duration = .seconds(30)) async throws -> ChromiumWebDriver {
        guard isInstalled else { throw Failure(description: "\(chromium) and \(chromedriver) are needed (scripts/test installs them)") }
        var attempt = 1
        while true {
            let port = try await freeLoopbackPort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: chromedriver)
            process.arguments = ["--port=\(port)"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            process.standardInput = FileHandle.nullDevice
            let output = PrintedOutput(reading: pipe.fileHandleForReading)
            let (exit, exited) = AsyncStream.makeStream(of: Void.self)
            process.terminationHandler = { _ in exited.finish() }
            try process.run()
            if try await output.firstLine(of: process, timeout: timeout, where: { $0.contains("started successfully on port \(port)") }) != nil {
                return try await openSession(process: process, exit: exit, port: port)
            }
            killDriver(process)
            guard output.text.contains("Address already in use"), attempt < portAttempts else {
                throw Failure(description: "chromedriver did not announce its port: \(output.lastLines(5))")
            }
            attempt += 1
        }
    }

    /// How many ports ``start(timeout:)`` tries before it gives up.
    static let portAttempts = 5

    /// A port that no socket of the IPv4 loopback uses at this moment.
    private static func freeLoopbackPort() async throws -> Int {
        let probe = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = probe.localAddress?.port ?? 0
        try await probe.close()
        return port
    }

    /// Opens a session with a new headless Chromium on the driver `process`, listening on `port`.
    private static func openSession(process: Process, exit: AsyncStream<Void>, port: Int) async throws -> ChromiumWebDriver {
        let options: [String: Any] = [
            "binary": chromium, "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000"],
        ]
        let alwaysMatch: [String: Any] = ["browserName": "chrome", "goog:chromeOptions": options]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": alwaysMatch]]
        do {
            let created = try await send(.POST, "http://127.0.0.1:\(port)/session", capabilities) as? [String: Any]
            guard let sessionID = created?["sessionId"] as? String else {
                throw Failure(description: "chromedriver answered a new session without its id: \(String(describing: created))")
            }
            return ChromiumWebDriver(process: process, exit: exit, sessionURL: "http://127.0.0.1:\(port)/session/\(sessionID)")
        } catch {
            killDriver(process)
            throw error
        }
    }

    /// Loads `url` and waits until the page has loaded.
    public func navigate(to url: String) async throws {
        _ = try await command(.POST, "/url", ["url": url])
    }

    /// The URL of the current page.
    public func currentURL() async throws -> String {
        guard let url = try await command(.GET, "/url") as? String else { throw Failure(description: "the driver gave no current URL") }
        return url
    }

    /// The elements of the current page that match the CSS `selector`, now; none when there are none.
    public func elements(css selector: String) async throws -> [Element] {
        let found = try await command(.POST, "/elements", ["using": "css selector", "value": selector]) as? [[String: Any]] ?? []
        return found.compactMap { ($0[Self.elementKey] as? String).map(Element.init(reference:)) }
    }

    /// The first element that matches the CSS `selector`, once the page has one, asking at
    /// most every 100 ms for at most `timeout`.
    ///
    /// - Throws: ``Failure``, with the current URL, when none came.
    public func element(css selector: String, timeout: Duration = .seconds(20)) async throws -> Element {
        try await poll(timeout: timeout, waitingFor: "an element matching \(selector)") { try await self.elements(css: selector).first }
    }

    /// The current URL, once it satisfies `condition`, asking at most every 100 ms for at most `timeout`.
    ///
    /// - Throws: ``Failure``, with the current URL, when it never did.
    public func waitForURL(timeout: Duration = .seconds(20), where condition: @escaping @Sendable (String) -> Bool) async throws -> String {
        try await poll(timeout: timeout, waitingFor: "a URL that satisfies the condition") {
            let url = try await self.currentURL()
            return condition(url) ? url : nil
        }
    }

    /// The rendered text of `element`.
    public func text(of element: Element) async throws -> String {
        try await command(.GET, "/element/\(element.reference)/text") as? String ?? ""
    }

    /// The current `value` property of `element`, such as what a text field holds.
    public func value(of element: Element) async throws -> String {
        try await command(.GET, "/element/\(element.reference)/property/value") as? String ?? ""
    }

    /// Types `text` into `element`.
    public func sendKeys(_ text: String, to element: Element) async throws {
        _ = try await command(.POST, "/element/\(element.reference)/value", ["text": text])
    }

    /// Clicks `element`.
    public func click(_ element: Element) async throws {
        _ = try await command(.POST, "/element/\(element.reference)/click", [:])
    }

    /// Ends the session, which closes the browser, and stops the driver.
    ///
    /// The driver is killed (SIGKILL) once the session is over: started by a test process, it
    /// does not end on SIGTERM, and it has nothing left to save.
    public func quit() async {
        _ = try? await command(.DELETE, "")
        Self.killDriver(process)
        for await _ in exit {}
    }

    deinit {
        Self.killDriver(process)
    }

    /// Kills the driver `process` if it still runs.
    private static func killDriver(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The first non-`nil` answer of `probe`, which is asked at most `timeout / 100 ms` times,
    /// 100 ms apart, while `timeout` has not passed.
    private func poll<T>(timeout: Duration, waitingFor what: String, _ probe: () async throws -> T?) async throws -> T {
        let interval = Duration.milliseconds(100)
        let attempts = max(1, Int(timeout / interval))
        let deadline = ContinuousClock.now + timeout
        for attempt in 1...attempts {
            if let found = try await probe() { return found }
            guard attempt < attempts, ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: interval)
        }
        let url = (try? await currentURL()) ?? "unknown"
        throw Failure(description: "waited \(timeout) for \(what); the browser is at \(url)")
    }

    /// Sends a command of the session: `path` below the session's URL.
    private func command(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> Any? {
        try await Self.send(method, sessionURL + path, body)
    }

    /// Sends a WebDriver request and returns the `value` of a successful answer.
    ///
    /// - Throws: ``Failure`` with the driver's error and message when the answer is not 200.
    private static func send(_ method: HTTPMethod, _ url: String, _ body: [String: Any]?) async throws -> Any? {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(90))
        let data = Data((try await response.body.collect(upTo: 16 * 1024 * 1024)).readableBytesView)
        let value = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["value"]
        guard response.status == .ok else {
            let error = value as? [String: Any]
            let reason = "\(error?["error"] as? String ?? "no error") — \(error?["message"] as? String ?? String(decoding: data, as: UTF8.self))"
            throw Failure(description: "WebDriver \(method.rawValue) \(url) answered \(response.status.code): \(reason)")
        }
        return value is NSNull ? nil : value
    }

    /// The driver could not be started or a command failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }
}
