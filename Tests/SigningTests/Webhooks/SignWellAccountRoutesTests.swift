import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@testable import Signing

/// `/hooks`, `/me` and `/api_applications` through a router built as the server builds it.
@Suite struct SignWellAccountRoutesTests {
    struct Keys: Sendable {
        let alice: HTTPFields
        let bob: HTTPFields
        let admin: HTTPFields
    }

    /// Runs `body` against the routes over a fresh database with the users alice (with a
    /// profile), bob and root (an administrator).
    static func withAPI(
        policy: WebhookDeliveryPolicy = WebhookFixture.fastPolicy,
        _ body: @escaping @Sendable (any TestClientProtocol, Keys, WebhookFixture) async throws -> Void
    ) async throws {
        try await WebhookFixture.with { fixture in
            let accounts = AccountStore(database: fixture.database, passwords: PasswordHasher(cost: 4))
            try await accounts.createUser(name: "alice", password: "alice password")
            try await accounts.setProfile(
                UserProfile(firstName: "Alice", lastName: "Liddell", email: "alice@example.com", company: "Wonderland"), ofUser: "alice")
            try await accounts.createUser(name: "bob", password: "bob password")
            try await accounts.createUser(name: "root", password: "root password", groups: [Group.administrators])
            func apiKey(_ user: String) async throws -> HTTPFields {
                [HTTPField.Name("X-Api-Key")!: try await accounts.createAPIKey(userName: user, label: "signwell").secret]
            }
            let keys = Keys(alice: try await apiKey("alice"), bob: try await apiKey("bob"), admin: try await apiKey("root"))
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: [("/signwell", SignWellErrorFormat())]))
            let api = router.group("signwell/api/v1").add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
            HookRoutes(database: fixture.database, secrets: fixture.secrets, policy: policy).add(to: api)
            AccountRoutes(accounts: accounts).add(to: api)
            APIApplicationRoutes(applications: APIApplicationStore(database: fixture.database), accounts: accounts).add(to: api)
            try await Application(router: router).test(.router) { client in try await body(client, keys, fixture) }
        }
    }

    static func json(_ response: TestResponse) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
    }

    static func object(_ response: TestResponse) -> [String: Any] {
        json(response) as? [String: Any] ?? [:]
    }

    static func body(_ object: [String: Any]) -> ByteBuffer {
        ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
    }

    static let hooks = "/signwell/api/v1/hooks"
    static let applications = "/signwell/api/v1/api_applications"

    /// Makes an API application of the user of `key` and returns its id.
    static func makeApplication(_ client: any TestClientProtocol, key: HTTPFields, name: String = "Portal") async throws -> String {
        try await client.execute(uri: applications, method: .post, headers: key, body: body(["name": name])) { response in
            #expect(response.status == .created)
            return object(response)["id"] as? String ?? ""
        }
    }

    // MARK: /hooks

    @Test func aHookIsCreatedListedByItsOwnerOnlyAndDeleted() async throws {
        try await Self.withAPI { client, keys, fixture in
            let application = try await Self.makeApplication(client, key: keys.alice)
            let created = try await client.execute(
                uri: Self.hooks, method: .post, headers: keys.alice,
                body: Self.body(["callback_url": "https://localhost/signwell?t=1", "api_application_id": application])
            ) { response in
                #expect(response.status == .created)
                return Self.object(response)
            }
            let id = try #require(created["id"] as? String)
            #expect(UUID(uuidString: id) != nil)
            #expect(created["callback_url"] as? String == "https://localhost/signwell?t=1")
            #expect(created["api_application_id"] as? String == application)
            #expect(created["secret"] as? String == fixture.secrets.secret(ofHook: id))

            try await client.execute(uri: Self.hooks, method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok)
                let list = Self.json(response) as? [[String: Any]] ?? []
                #expect(list.count == 1)
                #expect(list.first?["id"] as? String == id)
                #expect(list.first?["secret"] == nil, "the secret is shown only once")
            }
            for other in [keys.bob, keys.admin] {
                try await client.execute(uri: Self.hooks, method: .get, headers: other) { response in
                    #expect((Self.json(response) as? [Any])?.isEmpty == true)
                }
                try await client.execute(uri: "\(Self.hooks)/\(id)", method: .delete, headers: other) { response in
                    #expect(response.status == .notFound)
                    let meta = Self.object(response)["meta"] as? [String: Any]
                    #expect(meta?["error"] as? String == "record_not_found")
                }
            }
            try await client.execute(uri: "\(Self.hooks)/\(id)", method: .delete, headers: keys.alice) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: Self.hooks, method: .get, headers: keys.alice) { response in
                #expect((Self.json(response) as? [Any])?.isEmpty == true)
            }
            try await client.execute(uri: "\(Self.hooks)/\(id)", method: .delete, headers: keys.alice) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(arguments: [
        (#"{}"#, "is required"),
        (#"{"callback_url": ""}"#, "can't be blank"),
        (#"{"callback_url": 12.5}"#, "must be a string"),
        (#"{"callback_url": "ftp://hooks.example.com/x"}"#, "http and https URLs only"),
        (#"{"callback_url": "hooks.example.com/x"}"#, "is not a URL"),
        (#"{"callback_url": "https://user:pw@hooks.example.com/"}"#, "user name or password"),
        (#"{"callback_url": "http://127.0.0.1:8080/hook"}"#, "loopback address"),
        (#"{"callback_url": "http://localhost:8080/hook"}"#, "loopback address"),
        (#"{"callback_url": "http://169.254.169.254/latest"}"#, "link-local"),
        (#"{"callback_url": "http://[::ffff:10.0.0.1]/"}"#, "private network"),
        (#"{"callback_url": "https://no-such-host.invalid/"}"#, "cannot be resolved"),
    ])
    func anUnacceptableCallbackURLIsA400(body: String, problem: String) async throws {
        let request = ByteBuffer(string: body)
        try await Self.withAPI(policy: .standard) { client, keys, _ in
            try await client.execute(uri: Self.hooks, method: .post, headers: keys.alice, body: request) { response in
                // The SDK declares a 400 with `{message, meta}` for a hook it cannot make.
                #expect(response.status == .badRequest)
                let message = Self.object(response)["message"] as? String ?? ""
                #expect(message.hasPrefix("callback_url "), "\(message)")
                #expect(message.contains(problem), "\(message)")
            }
            try await client.execute(uri: Self.hooks, method: .get, headers: keys.alice) { response in
                #expect((Self.json(response) as? [Any])?.isEmpty == true, "nothing was stored")
            }
        }
    }

    @Test func aLoopbackCallbackIsAcceptedWhenTheOperatorAllowsPrivateNetworks() async throws {
        try await Self.withAPI(policy: WebhookFixture.fastPolicy) { client, keys, _ in
            let request = Self.body(["callback_url": "http://127.0.0.1:8080/hook"])
            try await client.execute(uri: Self.hooks, method: .post, headers: keys.alice, body: request) { response in
                #expect(response.status == .created)
            }
        }
    }

    @Test func theHookRoutesNeedAUser() async throws {
        try await Self.withAPI { client, _, _ in
            try await client.execute(uri: Self.hooks, method: .get) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(uri: "/signwell/api/v1/me", method: .get, headers: [HTTPField.Name("X-Api-Key")!: "wrong"]) { response in
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test(.enabled(if: SignWellPythonSDK.isInstalled, "needs the SignWell Python SDK in .venv"))
    func theSDKParsesTheHookAnswers() async throws {
        try await Self.withAPI { client, keys, _ in
            let application = try await Self.makeApplication(client, key: keys.alice)
            for body in [["callback_url": "https://localhost/a"], ["callback_url": "https://localhost/b", "api_application_id": application]] {
                let created = try await client.execute(uri: Self.hooks, method: .post, headers: keys.alice, body: Self.body(body)) { response in
                    Data(response.body.readableBytesView)
                }
                _ = try await SignWellPythonSDK.parse(created, as: "webhook_response.WebhookResponse")
            }
            let list = try await client.execute(uri: Self.hooks, method: .get, headers: keys.alice) { Data($0.body.readableBytesView) }
            let parsed = try await SignWellPythonSDK.parse(list, as: "webhook_response.WebhookResponse", list: true)
            #expect(parsed.contains("https://localhost/b"))
        }
    }

    // MARK: /me

    @Test func meDescribesTheUserFromTheirProfile() async throws {
        try await Self.withAPI { client, keys, _ in
            let me = try await client.execute(uri: "/signwell/api/v1/me", method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok)
                return Self.object(response)
            }
            #expect(me["role"] as? String == "member")
            #expect(me["archived"] as? Bool == false)
            let user = try #require(me["user"] as? [String: Any])
            #expect(user["id"] as? String == me["id"] as? String)
            #expect(user["name"] as? String == "Alice Liddell")
            #expect(user["first_name"] as? String == "Alice")
            #expect(user["email"] as? String == "alice@example.com")
            let contact = try #require(me["contact"] as? [String: Any])
            #expect(contact["email"] as? String == "alice@example.com")
            #expect(contact["company_name"] as? String == "Wonderland")
            #expect((me["account"] as? [String: Any])?["id"] as? String == AccountRoutes.accountID)
            #expect((me["workspace"] as? [String: Any])?["plan_tier"] as? String == "self_hosted")

            let admin = try await client.execute(uri: "/signwell/api/v1/me", method: .get, headers: keys.admin) { Self.object($0) }
            #expect(admin["role"] as? String == "admin")
            #expect((admin["user"] as? [String: Any])?["name"] as? String == "root", "without a profile name, the login name")
            #expect((admin["user"] as? [String: Any])?["first_name"] == nil)
        }
    }

    @Test(.enabled(if: SignWellPythonSDK.isInstalled, "needs the SignWell Python SDK in .venv"))
    func theSDKParsesMe() async throws {
        try await Self.withAPI { client, keys, _ in
            for key in [keys.alice, keys.bob] {
                let me = try await client.execute(uri: "/signwell/api/v1/me", method: .get, headers: key) { Data($0.body.readableBytesView) }
                let parsed = try await SignWellPythonSDK.parse(me, as: "me_response.MeResponse")
                #expect(parsed.contains("\"plan_tier\": \"self_hosted\""))
            }
        }
    }

    // MARK: /api_applications

    @Test func anApplicationIsMadeShownListedAndDeletedByItsOwner() async throws {
        try await Self.withAPI { client, keys, _ in
            let request: [String: Any] = [
                "name": "Customer portal", "callback_urls": ["https://portal.example.com/oauth"],
                "preferences": ["primary_color": "#1a7f5a", "button_text_color": "#fff", "buttons_border_radius": 6],
            ]
            let created = try await client.execute(uri: Self.applications, method: .post, headers: keys.alice, body: Self.body(request)) { response in
                #expect(response.status == .created)
                return Self.object(response)
            }
            let id = try #require(created["id"] as? String)
            let shown = try await client.execute(uri: "\(Self.applications)/\(id)", method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok)
                return Self.object(response)
            }
            #expect(shown["name"] as? String == "Customer portal")
            #expect(shown["callback_urls"] as? [String] == ["https://portal.example.com/oauth"])
            let owner = try #require(shown["owner"] as? [String: Any])
            #expect(owner["name"] as? String == "Alice Liddell")
            #expect(owner["email"] as? String == "alice@example.com")
            let preferences = try #require(shown["preferences"] as? [String: Any])
            #expect(preferences["primary_color"] as? String == "#1a7f5a")
            #expect(preferences["button_text_color"] as? String == "#fff")
            #expect(preferences["buttons_border_radius"] as? Int == 6)
            #expect(preferences["link_text_color"] is NSNull)

            try await client.execute(uri: Self.applications, method: .get, headers: keys.alice) { response in
                let listed = Self.object(response)
                #expect(listed["total_count"] as? Int == 1)
                #expect((listed["api_applications"] as? [[String: Any]])?.first?["id"] as? String == id)
            }
            try await client.execute(uri: "\(Self.applications)/\(id)", method: .delete, headers: keys.alice) { response in
                #expect(response.status == .noContent)
            }
            for method in [HTTPRequest.Method.get, .delete] {
                try await client.execute(uri: "\(Self.applications)/\(id)", method: method, headers: keys.alice) { response in
                    #expect(response.status == .notFound)
                    #expect((Self.object(response)["meta"] as? [String: Any])?["error"] as? String == "record_not_found")
                }
            }
        }
    }

    @Test func anotherUsersApplicationIsNotThere() async throws {
        try await Self.withAPI { client, keys, _ in
            let id = try await Self.makeApplication(client, key: keys.alice)
            for other in [keys.bob, keys.admin] {
                for method in [HTTPRequest.Method.get, .delete] {
                    try await client.execute(uri: "\(Self.applications)/\(id)", method: method, headers: other) { response in
                        #expect(response.status == .notFound)
                    }
                }
                try await client.execute(uri: Self.applications, method: .get, headers: other) { response in
                    #expect(Self.object(response)["total_count"] as? Int == 0)
                }
                try await client.execute(
                    uri: Self.hooks, method: .post, headers: other,
                    body: Self.body(["callback_url": "https://localhost/a", "api_application_id": id])
                ) { response in
                    #expect(response.status == .badRequest, "a hook may be made only for one's own application")
                    #expect((Self.object(response)["message"] as? String)?.contains("api_application_id") == true)
                }
            }
            try await client.execute(uri: "\(Self.applications)/\(id)", method: .get, headers: keys.alice) { response in
                #expect(response.status == .ok, "the others' attempts left it alone")
            }
        }
    }

    @Test(arguments: [
        (#"{}"#, "name"),
        (#"{"name": "A", "preferences": {"primary_color": "red; background: url(x)"}}"#, "preferences.primary_color"),
        (#"{"name": "A", "preferences": {"buttons_border_radius": 500}}"#, "preferences.buttons_border_radius"),
        (#"{"name": "A", "callback_urls": ["javascript:alert(1)"]}"#, "callback_urls[0]"),
        (#"{"name": "A", "preferences": "blue"}"#, "preferences"),
    ])
    func anApplicationWithBadMembersIsRefusedNamingThem(body: String, member: String) async throws {
        try await Self.withAPI { client, keys, _ in
            try await client.execute(uri: Self.applications, method: .post, headers: keys.alice, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .unprocessableContent)
                #expect((Self.object(response)["errors"] as? [String: Any])?[member] != nil, "\(Self.object(response))")
            }
            try await client.execute(uri: Self.applications, method: .get, headers: keys.alice) { response in
                #expect(Self.object(response)["total_count"] as? Int == 0)
            }
        }
    }

    @Test(.enabled(if: SignWellPythonSDK.isInstalled, "needs the SignWell Python SDK in .venv"))
    func theSDKParsesAnApplication() async throws {
        try await Self.withAPI { client, keys, _ in
            let id = try await Self.makeApplication(client, key: keys.bob, name: "Kiosk")
            let shown = try await client.execute(uri: "\(Self.applications)/\(id)", method: .get, headers: keys.bob) {
                Data($0.body.readableBytesView)
            }
            let parsed = try await SignWellPythonSDK.parse(shown, as: "api_application_response.ApiApplicationResponse")
            #expect(parsed.contains("\"name\": \"Kiosk\""))
            #expect(parsed.contains("\"name\": \"bob\""), "the owner, by login name without a profile name")
        }
    }
}
