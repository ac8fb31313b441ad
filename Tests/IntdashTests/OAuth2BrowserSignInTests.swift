import ChanceryTestSupport
import Foundation
import Intdash
import Testing

/// A person signs in to an app built on the intdash SDK, as the SDK document's sample does it,
/// against a real `chancery serve` in a real headless Chromium: the SDK makes the authorization
/// URL (from the percent-encoded redirect URI), the person signs in and allows the app on the
/// server's pages, the browser lands on the app's redirect URI with a code, the SDK exchanges the
/// code (given the raw redirect URI) and later renews the tokens, and REST calls work with both.
///
/// The app's redirect URI is a loopback page (``LoopbackCallbackServer``): headless Chromium
/// cannot follow a custom scheme such as `companyname.appname://oauth2/callback`.
@Suite(
    .enabled(if: ChromiumWebDriver.isInstalled, "needs /usr/bin/chromium and /usr/bin/chromedriver (scripts/test installs them)"),
    .timeLimit(.minutes(5)))
struct OAuth2BrowserSignInTests {
    /// The app's name, as the consent page shows it.
    static let appName = "Telemetry Viewer"

    @Test func aPersonSignsInThroughTheSDKAndItsTokensAreRenewed() async throws {
        let callback = try await LoopbackCallbackServer.start()
        do {
            try await IntdashServer.with { server in try await signIn(on: server, returningTo: callback) }
        } catch {
            await callback.stop()
            throw error
        }
        await callback.stop()
    }

    private func signIn(on server: IntdashServer, returningTo callback: LoopbackCallbackServer) async throws {
        let name = "viewer-\(UUID().uuidString.prefix(8).lowercased())"
        let password = "pw-\(UUID().uuidString)"
        try await server.addUser(name, password: password)
        let clientId = try await server.createOAuth2Client(name: Self.appName, redirectURI: callback.url)

        // The sample's steps 2–4: the session, the API, and the URL from the encoded redirect URI.
        let session = IntdashClient.Session(serverURL: server.serverURL, clientId: clientId, timeoutInterval: LoopbackDeadline.answerSeconds)
        let oauth2Api = IntdashClient.OAuth2API(session: session)
        let encoded = callback.url.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
        let (url, codeVerifier, state) = try oauth2Api.generateAuthorizationURL(callbackURLScheme: encoded)
        #expect(url.contains("&redirect_uri=\(encoded)&"), "the redirect URI is encoded exactly once")

        // Step 5: the person signs in and allows the app in the browser.
        let browser = try await ChromiumWebDriver.start()
        let landed: String
        do {
            try await browser.navigate(to: url)
            try await browser.sendKeys(name, to: browser.element(css: "#username"))
            try await browser.sendKeys(password, to: browser.element(css: "#password"))
            try await browser.click(browser.element(css: "#sign-in-button"))
            let question = try await browser.text(of: browser.element(css: "#consent-question"))
            #expect(question == "\(Self.appName) wants to access your Chancery telemetry data as \(name).")
            #expect(callback.requests.isEmpty, "nothing reached the app before the person allowed it")
            try await browser.click(browser.element(css: "#allow"))
            landed = try await browser.waitForURL { $0.hasPrefix(callback.url + "?") }
            _ = try await browser.element(css: "#done")
        } catch {
            await browser.quit()
            // Says whether the server was still there, and what it printed, beside the browser's error.
            throw IntdashServer.Failure(
                description: "\(error) (server \(server.process.isRunning ? "running" : "exited"), printed: \(server.process.printed.suffix(2000)))")
        }
        await browser.quit()

        // Step 6: the callback's state matches, and it carries the code.
        let queries = callback.queries
        try #require(queries.count == 1, "the app's redirect URI was requested once: \(callback.requests)")
        #expect(queries[0]["state"] == state)
        let code = try #require(queries[0]["code"])
        #expect(URLComponents(string: landed)?.queryItems?.first { $0.name == "code" }?.value == code)

        // Step 7: the SDK exchanges the code, given the raw redirect URI as the sample does.
        let tokens = try await oauth2Api.authenticate(code: code, codeVerifier: codeVerifier, callbackURLScheme: callback.url)
        #expect(session.accessToken == tokens.accessToken)
        #expect(session.refreshToken == tokens.refreshToken)
        #expect(session.isRefreshable)

        // Step 8: REST calls as the person.
        let edgesApi = IntdashClient.EdgesAPI(session: session)
        let me = try await edgesApi.me()
        #expect(me.name == name)
        let measurements = try await IntdashClient.MeasurementsAPI(session: session).list()
        #expect(measurements.items.isEmpty, "a new person has no measurements")

        // The refresh token renews the tokens, and the new access token works.
        let renewed = try await oauth2Api.refresh()
        #expect(renewed.accessToken != tokens.accessToken)
        #expect(renewed.refreshToken != tokens.refreshToken)
        #expect(session.accessToken == renewed.accessToken)
        let meAgain = try await edgesApi.me()
        #expect(meAgain.uuid == me.uuid)
        #expect(meAgain.name == name)
    }
}
