import Accounts
import Foundation
import HTTPTypes
import Testing

@testable import Telemetry

@Suite struct IntdashAuthorizationFlowTests {
    typealias App = IntdashOAuth2TestApp

    @Test func aPersonSignsInConsentsAndTheAppGetsRotatingTokens() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let parameters = app.authorizationParameters(verifier: verifier)

            let signInPage = try await app.send(.get, App.authorizationURI(parameters))
            #expect(signInPage.status == .ok)
            #expect(signInPage.body.contains("Sign in to Chancery"))
            #expect(signInPage.body.contains("Telemetry &lt;Viewer&gt;"), "the client's name is escaped")
            #expect(signInPage.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(signInPage.headers[.cacheControl] == "no-store")
            let setCookie = try #require(signInPage.headers[values: .setCookie].first)
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && setCookie.contains("Path=/intdash"))
            let anonymousCookie = try #require(signInPage.sessionCookie)
            let signInToken = try #require(signInPage.hiddenField("form_token"))

            // A wrong password shows the form again with a message.
            let wrong = try await app.send(
                .post, App.base + "/authorization", headers: [.cookie: anonymousCookie],
                form: parameters + [
                    ("step", "sign-in"), ("form_token", signInToken), ("username", "alice"), ("password", "not it"),
                ])
            #expect(wrong.status == .ok)
            #expect(wrong.body.contains("Wrong user name or password."))
            #expect(wrong.body.contains("value=\"alice\""))

            let signIn = try await app.send(
                .post, App.base + "/authorization", headers: [.cookie: anonymousCookie],
                form: parameters + [
                    ("step", "sign-in"), ("form_token", signInToken), ("username", "alice"), ("password", App.alicePassword),
                ])
            #expect(signIn.status == .seeOther)
            let consentURI = try #require(signIn.location)
            #expect(consentURI.hasPrefix(App.base + "/authorization?"))
            let cookie = try #require(signIn.sessionCookie)
            #expect(cookie != anonymousCookie)

            let consentPage = try await app.send(.get, consentURI, headers: [.cookie: cookie])
            #expect(consentPage.status == .ok)
            #expect(
                consentPage.body.contains(
                    "Telemetry &lt;Viewer&gt;</strong> wants to access your Chancery telemetry data as <strong id=\"user\">alice</strong>"))
            #expect(consentPage.headers[.contentSecurityPolicy]?.contains("form-action 'self' http://127.0.0.1:9;") == true)
            let consentToken = try #require(consentPage.hiddenField("form_token"))
            #expect(consentToken != signInToken, "signing in replaces the session and its form token")

            // The form token of the anonymous session is worth nothing now.
            let stale = try await app.send(
                .post, App.base + "/authorization", headers: [.cookie: cookie],
                form: parameters + [
                    ("step", "consent"), ("form_token", signInToken), ("decision", "allow"),
                ])
            #expect(stale.status == .forbidden)
            #expect(stale.location == nil)

            let allowed = try await app.send(
                .post, App.base + "/authorization", headers: [.cookie: cookie],
                form: parameters + [
                    ("step", "consent"), ("form_token", consentToken), ("decision", "allow"),
                ])
            #expect(allowed.status == .found)
            let location = try #require(allowed.location)
            #expect(location.hasPrefix(App.redirectURI + "?code="))
            let answer = App.redirectParameters(location)
            #expect(answer["state"] == "state with spaces & more")
            let code = try #require(answer["code"])

            let tokens = try await app.exchange(code: code, verifier: verifier)
            #expect(tokens.status == .ok)
            #expect(tokens.headers[.cacheControl] == "no-store")
            #expect(tokens.json["token_type"] as? String == "Bearer")
            #expect(tokens.json["expires_in"] as? Int == 3600)
            #expect(tokens.json["refresh_token_expires_in"] as? Int == 30 * 24 * 3600)
            #expect(tokens.json["scope"] as? String == "")
            let accessToken = try #require(tokens.json["access_token"] as? String)
            let refreshToken = try #require(tokens.json["refresh_token"] as? String)
            let me = try await app.whoAmI([.authorization: "Bearer \(accessToken)"])
            #expect(me.status == .ok)
            #expect(me.body == "alice")

            // The code works once; its second use is refused and revokes what the first got.
            let reused = try await app.exchange(code: code, verifier: verifier)
            #expect(reused.status == .badRequest)
            #expect(reused.json["error"] as? String == "invalid_grant")
            let afterReuse = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", app.app.id),
                ])
            #expect(afterReuse.json["error"] as? String == "invalid_grant")
        }
    }

    @Test func refreshTokensRotateAndAReusedOneIsRefused() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let (code, _) = try await app.signInAndAllow(verifier: verifier)
            let tokens = try await app.exchange(code: code, verifier: verifier)
            let first = try #require(tokens.json["refresh_token"] as? String)

            // The intdash Swift SDK 1.x refreshes at the /api/v1 base.
            let refreshed = try await app.send(
                .post, "/intdash/api/v1/oauth2/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", first), ("client_id", app.app.id),
                ])
            #expect(refreshed.status == .ok)
            let second = try #require(refreshed.json["refresh_token"] as? String)
            #expect(second != first)
            let accessToken = try #require(refreshed.json["access_token"] as? String)
            #expect(try await app.whoAmI([.authorization: "Bearer \(accessToken)"]).body == "alice")

            let reused = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", first), ("client_id", app.app.id),
                ])
            #expect(reused.status == .badRequest)
            #expect(reused.json["error"] as? String == "invalid_grant")
            let descendant = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "refresh_token"), ("refresh_token", second), ("client_id", app.app.id),
                ])
            #expect(descendant.json["error"] as? String == "invalid_grant", "reuse revokes the whole family")
        }
    }

    @Test func aWrongVerifierIsAnInvalidGrant() async throws {
        try await App.with { app in
            let (code, _) = try await app.signInAndAllow(verifier: App.newVerifier())
            let answer = try await app.exchange(code: code, verifier: App.newVerifier())
            #expect(answer.status == .badRequest)
            #expect(answer.json["error"] as? String == "invalid_grant")
            #expect((answer.json["error_description"] as? String)?.contains("code_verifier") == true)
        }
    }

    @Test func theV1MountPointServesTheSameFlow() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let parameters = app.authorizationParameters(verifier: verifier, extra: [("prompt", "login")])
            let base = "/intdash/api/v1/oauth2"
            let page = try await app.send(.get, App.authorizationURI(parameters, base: base))
            #expect(page.status == .ok)
            #expect(page.body.contains("action=\"\(base)/authorization\""))
            let signIn = try await app.send(
                .post, base + "/authorization", headers: [.cookie: try #require(page.sessionCookie)],
                form: parameters + [
                    ("step", "sign-in"), ("form_token", try #require(page.hiddenField("form_token"))), ("username", "alice"),
                    ("password", App.alicePassword),
                ])
            let location = try #require(signIn.location)
            #expect(location.hasPrefix(base + "/authorization?"))
            #expect(!location.contains("prompt="), "after signing in, the consent page must not ask for a sign-in again")
        }
    }

    @Test func aDenialGoesBackToTheAppAsAccessDenied() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let parameters = app.authorizationParameters(verifier: verifier, state: "s1")
            let (_, cookie) = try await app.signInAndAllow(verifier: verifier)
            // Still signed in: the consent page comes at once.
            let consentPage = try await app.send(.get, App.authorizationURI(parameters), headers: [.cookie: cookie])
            #expect(consentPage.body.contains("Allow access?"))
            let denied = try await app.send(
                .post, App.base + "/authorization", headers: [.cookie: cookie],
                form: parameters + [
                    ("step", "consent"), ("form_token", try #require(consentPage.hiddenField("form_token"))), ("decision", "deny"),
                ])
            #expect(denied.status == .found)
            let answer = App.redirectParameters(try #require(denied.location))
            #expect(answer["error"] == "access_denied")
            #expect(answer["state"] == "s1")
            #expect(answer["code"] == nil)
        }
    }

    @Test func promptLoginAsksASignedInPersonAgain() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let (_, cookie) = try await app.signInAndAllow(verifier: verifier)
            let parameters = app.authorizationParameters(verifier: verifier, extra: [("prompt", "login")])
            let page = try await app.send(.get, App.authorizationURI(parameters), headers: [.cookie: cookie])
            #expect(page.status == .ok)
            #expect(page.body.contains("Sign in to Chancery"))
        }
    }

    @Test func anUnknownClientOrRedirectURIIsAPageNeverARedirect() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            var parameters = app.authorizationParameters(verifier: verifier)
            parameters[0] = ("client_id", UUID().uuidString.lowercased())
            let unknownClient = try await app.send(.get, App.authorizationURI(parameters))
            #expect(unknownClient.status == .badRequest)
            #expect(unknownClient.location == nil)
            #expect(unknownClient.body.contains("No application with this client id"))

            let evil = app.authorizationParameters(verifier: verifier).map {
                $0.0 == "redirect_uri" ? ("redirect_uri", "https://evil.example/<cb>") : $0
            }
            let unregistered = try await app.send(.get, App.authorizationURI(evil))
            #expect(unregistered.status == .badRequest)
            #expect(unregistered.location == nil)
            #expect(unregistered.body.contains("not one registered for Telemetry &lt;Viewer&gt;"))
            #expect(!unregistered.body.contains("evil.example"), "the page does not repeat the crafted address")
        }
    }

    @Test func otherErrorsGoBackToTheAppWithTheState() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let withoutChallenge = app.authorizationParameters(verifier: verifier, state: "s2").filter { $0.0 != "code_challenge" }
            let missing = try await app.send(.get, App.authorizationURI(withoutChallenge))
            #expect(missing.status == .found)
            let answer = App.redirectParameters(try #require(missing.location))
            #expect(answer["error"] == "invalid_request")
            #expect(answer["state"] == "s2")

            let token = app.authorizationParameters(verifier: verifier, state: "s3").map { $0.0 == "response_type" ? ("response_type", "token") : $0 }
            let implicit = try await app.send(.get, App.authorizationURI(token))
            #expect(App.redirectParameters(try #require(implicit.location))["error"] == "unsupported_response_type")

            let plain = app.authorizationParameters(verifier: verifier).map {
                $0.0 == "code_challenge_method" ? ("code_challenge_method", "plain") : $0
            }
            let plainAnswer = try await app.send(.get, App.authorizationURI(plain))
            #expect(App.redirectParameters(try #require(plainAnswer.location))["error"] == "invalid_request")
        }
    }

    @Test func aFormFromAnotherSiteIsRefused() async throws {
        try await App.with { app in
            let verifier = App.newVerifier()
            let parameters = app.authorizationParameters(verifier: verifier)
            let page = try await app.send(.get, App.authorizationURI(parameters))
            let cookie = try #require(page.sessionCookie)
            let forged = try await app.send(
                .post, App.base + "/authorization", headers: [.cookie: cookie],
                form: parameters + [
                    ("step", "sign-in"), ("form_token", "guessed"), ("username", "alice"), ("password", App.alicePassword),
                ])
            #expect(forged.status == .forbidden)
            #expect(forged.sessionCookie == nil)

            // Without the browser's cookie (a cross-site POST does not carry a SameSite=Lax
            // cookie) nobody is signed in: the sign-in form comes back.
            let cookieless = try await app.send(
                .post, App.base + "/authorization",
                form: parameters + [
                    ("step", "consent"), ("form_token", try #require(page.hiddenField("form_token"))), ("decision", "allow"),
                ])
            #expect(cookieless.status == .ok)
            #expect(cookieless.body.contains("Sign in to Chancery"))
            #expect(cookieless.location == nil)

            // A tampered cookie is no session either.
            let tampered = cookie.replacingOccurrences(of: "=", with: "=x")
            let answer = try await app.send(.get, App.authorizationURI(parameters), headers: [.cookie: tampered])
            #expect(answer.body.contains("Sign in to Chancery"))
            #expect(answer.sessionCookie != nil, "a new session replaces the tampered one")
        }
    }

    @Test func repeatedWrongPasswordsLockTheNameForAWhile() async throws {
        try await App.with { app in
            let parameters = app.authorizationParameters(verifier: App.newVerifier())
            let page = try await app.send(.get, App.authorizationURI(parameters))
            let cookie = try #require(page.sessionCookie)
            let token = try #require(page.hiddenField("form_token"))
            func attempt(_ password: String) async throws -> App.Answer {
                try await app.send(
                    .post, App.base + "/authorization", headers: [.cookie: cookie],
                    form: parameters + [
                        ("step", "sign-in"), ("form_token", token), ("username", "alice"), ("password", password),
                    ])
            }
            for _ in 0..<App.lockouts.userFreeFailures {
                #expect(try await attempt("guess").body.contains("Wrong user name or password."))
            }
            let locked = try await attempt(App.alicePassword)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.body.contains("Too many wrong passwords"))
            #expect(locked.location == nil)
            // The password grant shares the count.
            let grant = try await app.send(
                .post, App.base + "/token",
                form: [
                    ("grant_type", "password"), ("username", "alice"), ("password", App.alicePassword), ("client_id", app.app.id),
                ])
            #expect(grant.status == .tooManyRequests)
            #expect(grant.json["error"] as? String == "slow_down")
            #expect((grant.json["error_description"] as? String)?.contains("too many failed sign-in attempts for this user") == true)
        }
    }
}
