import Crypto
import Foundation
import Intdash
import Testing

/// The authorization URL has the 1.x SDK's exact form and a correct PKCE S256 challenge.
@Suite struct OAuth2AuthorizationURLTests {
    let api = IntdashClient.OAuth2API(session: IntdashClient.Session(serverURL: "https://example.com/intdash/", clientId: "my app"))

    @Test func urlHasTheDocumentedForm() throws {
        let (url, verifier, state) = try api.generateAuthorizationURL(callbackURLScheme: "myapp")
        let components = try #require(URLComponents(string: url))
        #expect(components.scheme == "https")
        #expect(components.host == "example.com")
        #expect(components.path == "/intdash/api/v1/oauth2/authorization")
        let names = components.queryItems?.map(\.name)
        #expect(names == ["client_id", "response_type", "redirect_uri", "state", "code_challenge", "code_challenge_method", "prompt"])
        let values = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(values["client_id"] == "my app")
        #expect(values["response_type"] == "code")
        #expect(values["redirect_uri"] == "myapp://oauth2/callback")
        #expect(values["state"] == state)
        #expect(values["code_challenge_method"] == "S256")
        #expect(values["prompt"] == "login")
        #expect(url.contains("client_id=my%20app&"))
        #expect(url.contains("redirect_uri=myapp%3A%2F%2Foauth2%2Fcallback&"))
        let expected = Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(values["code_challenge"] == expected)
    }

    /// The SDK document's sample passes its redirect URI percent-encoded; the raw form names
    /// the same URI, and either is encoded exactly once in the URL.
    @Test(arguments: ["companyname.appname%3A%2F%2Foauth2%2Fcallback", "companyname.appname://oauth2/callback"])
    func aRedirectURIIsEncodedOnceInEitherForm(callbackURLScheme: String) throws {
        let (url, _, _) = try api.generateAuthorizationURL(callbackURLScheme: callbackURLScheme)
        #expect(url.contains("&redirect_uri=companyname.appname%3A%2F%2Foauth2%2Fcallback&"))
        #expect(!url.contains("%25"))
        let components = try #require(URLComponents(string: url))
        #expect(components.queryItems?.first { $0.name == "redirect_uri" }?.value == "companyname.appname://oauth2/callback")
    }

    /// What each form of the argument names: a URI, raw or encoded, as it is; a bare scheme,
    /// Chancery's earlier meaning, its `oauth2/callback`.
    @Test func theRedirectURIOfEachFormOfTheArgument() {
        let redirectURI = IntdashClient.OAuth2API.redirectURI(callbackURLScheme:)
        #expect(redirectURI("companyname.appname%3A%2F%2Foauth2%2Fcallback") == "companyname.appname://oauth2/callback")
        #expect(redirectURI("companyname.appname://oauth2/callback") == "companyname.appname://oauth2/callback")
        #expect(redirectURI("http%3A%2F%2F127.0.0.1%3A8765%2Fcallback") == "http://127.0.0.1:8765/callback")
        #expect(redirectURI("http://127.0.0.1:8765/callback?next=a%2Fb") == "http://127.0.0.1:8765/callback?next=a%2Fb")
        #expect(redirectURI("com.example.viewer:/oauth2/callback") == "com.example.viewer:/oauth2/callback")
        #expect(redirectURI("myapp") == "myapp://oauth2/callback")
    }

    @Test func verifierAndStateAreFreshAndWellFormed() throws {
        let first = try api.generateAuthorizationURL(callbackURLScheme: "myapp")
        let second = try api.generateAuthorizationURL(callbackURLScheme: "myapp")
        #expect(first.codeVerifier != second.codeVerifier)
        #expect(first.state != second.state)
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        for verifier in [first.codeVerifier, second.codeVerifier] {
            #expect((43...128).contains(verifier.count))
            #expect(verifier.unicodeScalars.allSatisfy(allowed.contains))
        }
    }

    @Test func withoutASessionTheCompletionGetsAnError() async {
        let api = IntdashClient.OAuth2API(session: nil)
        let error = await withCheckedContinuation { continuation in
            api.generateAuthorizationURL(callbackURLScheme: "x") { _, _, _, error in continuation.resume(returning: error) }
        }
        #expect(error?.kind == .sessionNotSet)
    }
}
