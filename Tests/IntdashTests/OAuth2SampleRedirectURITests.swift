import ChanceryTestSupport
import Foundation
import Intdash
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK document's sample registers `companyname.appname://oauth2/callback` and passes it
/// percent-encoded to `generateAuthorizationURL`: the server knows the URL's redirect URI and
/// answers its sign-in page, not the page for a request that cannot be used.
@Suite(.timeLimit(.minutes(10)))
struct OAuth2SampleRedirectURITests {
    @Test func theSamplesAuthorizationURLGetsTheSignInPage() async throws {
        try await IntdashServer.with { server in
            let redirectURI = "companyname.appname://oauth2/callback"
            let clientId = try await server.createOAuth2Client(name: "Sample app", redirectURI: redirectURI)
            let api = IntdashClient.OAuth2API(
                session: IntdashClient.Session(serverURL: server.serverURL, clientId: clientId, timeoutInterval: LoopbackDeadline.answerSeconds))
            let encoded = redirectURI.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: "/", with: "%2F")
            for callbackURLScheme in [encoded, "companyname.appname"] {
                let (url, _, _) = try api.generateAuthorizationURL(callbackURLScheme: callbackURLScheme)
                let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
                let page = String(decoding: data, as: UTF8.self)
                #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(callbackURLScheme): \(page)")
                #expect(page.contains("id=\"username\""), "\(callbackURLScheme) gets the sign-in form")
            }
            let (url, _, _) = try api.generateAuthorizationURL(callbackURLScheme: "companyname.appname%253A%252F%252Foauth2%252Fcallback")
            let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
            #expect((response as? HTTPURLResponse)?.statusCode == 400, "a doubly encoded redirect URI is not the registered one")
            #expect(String(decoding: data, as: UTF8.self).contains("This sign-in request cannot be used"))
        }
    }
}
