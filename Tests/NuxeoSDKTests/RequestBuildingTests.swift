import Foundation
import Testing

@testable import NuxeoSDK

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How requests become URLs and headers, without a server.
struct RequestBuildingTests {
    static let server = URL(string: "http://localhost:8080/nuxeo")!

    /// The HTTP request the session would send for `request`.
    static func urlRequest(_ request: NUXRequest) throws -> URLRequest {
        try request.session.urlRequest(for: request, transfer: request.makeTransfer())
    }

    @Test func sessionDefaults() {
        let session = NUXSession(serverURL: Self.server)
        #expect(session.repository == "default")
        #expect(session.apiPrefix == "api/v1")
        #expect(session.authenticator == nil)
        #expect(session.request().url.absoluteString == "http://localhost:8080/nuxeo/api/v1")
        let slashed = NUXSession(serverURL: URL(string: "http://localhost:8080/nuxeo/")!)
        #expect(slashed.request().url.absoluteString == "http://localhost:8080/nuxeo/api/v1")
    }

    @Test func documentReferencesBecomePathOrIdSegments() {
        let session = NUXSession(serverURL: Self.server)
        #expect(session.requestDocument("0178eb31-b1ca").url.absoluteString == "http://localhost:8080/nuxeo/api/v1/id/0178eb31-b1ca")
        #expect(
            session.requestDocument("/default-domain/workspaces").url.absoluteString
                == "http://localhost:8080/nuxeo/api/v1/path/default-domain/workspaces")
        #expect(session.requestChildren("/default-domain").url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path/default-domain/@children")
        // The root, as Nuxeo's clients send it.
        #expect(session.requestDocument("/").url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path/")
        #expect(session.requestChildren("/").url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path//@children")
    }

    @Test func pathSegmentsArePercentEncoded() {
        let session = NUXSession(serverURL: Self.server)
        let request = session.requestDocument("/default-domain/workspaces/a b (2)/日本.txt")
        #expect(request.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path/default-domain/workspaces/a%20b%20(2)/%E6%97%A5%E6%9C%AC.txt")
        let odd = session.requestDocument("/a?b#c%d;e")
        #expect(odd.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path/a%3Fb%23c%25d%3Be")
    }

    @Test func adaptorsAndSegments() {
        let session = NUXSession(serverURL: Self.server)
        let request = session.request().addURLSegment("path").addURLSegment("default-domain").addAdaptor("children").addAdaptor(
            "blob", withValue: "file:content")
        #expect(request.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path/default-domain/@children/@blob/file:content")
        #expect(request.adaptors == ["children", "blob"])
        #expect(
            session.requestDownloadBlob(from: "/a", inMetadata: "files:files/0/file").url.absoluteString
                == "http://localhost:8080/nuxeo/api/v1/path/a/@blob/files:files/0/file")
        #expect(session.requestACL("uid1").url.absoluteString == "http://localhost:8080/nuxeo/api/v1/id/uid1/@acl")
    }

    @Test func queryParametersAreEncodedInOrderAndReplaced() throws {
        let session = NUXSession(serverURL: Self.server)
        let request = session.requestQuery("SELECT * FROM Document WHERE dc:title = 'a&b' + 1")
        request.addParameterValue("2", forKey: "pageSize").addParameterValue("0", forKey: "currentPageIndex")
        request.addParameterValue("1", forKey: "currentPageIndex")
        #expect(request.parameters == ["query": "SELECT * FROM Document WHERE dc:title = 'a&b' + 1", "pageSize": "2", "currentPageIndex": "1"])
        let url = try request.makeTransfer().url.absoluteString
        #expect(
            url
                == "http://localhost:8080/nuxeo/api/v1/query?query=SELECT%20*%20FROM%20Document%20WHERE%20dc:title%20%3D%20'a%26b'%20%2B%201&pageSize=2&currentPageIndex=1"
        )
        let components = try #require(URLComponents(string: url))
        #expect(components.queryItems?.first?.value == "SELECT * FROM Document WHERE dc:title = 'a&b' + 1")
    }

    @Test func schemasCategoriesAndHeaders() throws {
        let session = NUXSession(serverURL: Self.server)
        session.addDefaultSchemas(["file"])
        session.addDefaultCategories(["permissions"])
        let request = session.requestDocument("/default-domain").addSchema("dublincore").addCategories(["acls", "breadcrumb"])
        request.addHeaderValue("lock", forKey: "fetch-document")
        let http = try Self.urlRequest(request)
        #expect(http.httpMethod == "GET")
        #expect(http.value(forHTTPHeaderField: "X-NXDocumentProperties") == "dublincore,file")
        #expect(http.value(forHTTPHeaderField: "X-NXContext-Category") == "acls,breadcrumb,permissions")
        #expect(http.value(forHTTPHeaderField: "X-NXRepository") == "default")
        #expect(http.value(forHTTPHeaderField: "fetch-document") == "lock")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(http.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.schemas == ["dublincore"])
        #expect(request.categories == ["acls", "breadcrumb"])
        #expect(request.headers == ["fetch-document": "lock"])

        request.addSchema("*")
        request.repository = "other"
        let all = try Self.urlRequest(request)
        #expect(all.value(forHTTPHeaderField: "X-NXDocumentProperties") == "*")
        #expect(all.value(forHTTPHeaderField: "X-NXRepository") == "other")
    }

    @Test func noSchemaHeaderWithoutSchemas() throws {
        let http = try Self.urlRequest(NUXSession(serverURL: Self.server).requestDocument("/"))
        #expect(http.value(forHTTPHeaderField: "X-NXDocumentProperties") == nil)
        #expect(http.value(forHTTPHeaderField: "X-NXContext-Category") == nil)
    }

    @Test func basicAuthenticationAndPerRequestCredentials() throws {
        let session = NUXSession(serverURL: Self.server, username: "Administrator", password: "Administrator")
        let http = try Self.urlRequest(session.requestDocument("/"))
        #expect(http.value(forHTTPHeaderField: "Authorization") == "Basic QWRtaW5pc3RyYXRvcjpBZG1pbmlzdHJhdG9y")

        let token = NUXTokenAuthenticator(applicationName: "tests", userDefaultsSuite: "nuxeosdk-tests-\(UUID().uuidString)")
        session.authenticator = token
        let own = session.requestDocument("/")
        own.username = "alice"
        own.password = "secret"
        let ownHTTP = try Self.urlRequest(own)
        #expect(ownHTTP.value(forHTTPHeaderField: "Authorization") == "Basic YWxpY2U6c2VjcmV0")
        #expect(ownHTTP.value(forHTTPHeaderField: "X-Authentication-Token") == nil)
    }

    @Test func documentRequests() throws {
        let session = NUXSession(serverURL: Self.server)
        var document = NUXDocument(type: "Folder", name: "reports", properties: ["dc:title": "Reports"])

        let create = try session.requestCreateDocument(document, withParent: "/default-domain/workspaces")
        #expect(create.method == "POST")
        #expect(create.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/path/default-domain/workspaces")
        let created = try NUXJSONValue(jsonData: create.postData)
        #expect(created["entity-type"] == "document")
        #expect(created["type"] == "Folder")
        #expect(created["name"] == "reports")
        #expect(created["properties"]?["dc:title"] == "Reports")

        #expect(throws: NUXError.missingEntityId) { try session.requestUpdateDocument(document) }
        document.uid = "uid-1"
        document.properties["dc:description"] = .null
        let update = try session.requestUpdateDocument(document)
        #expect(update.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/id/uid-1")
        let updateHTTP = try Self.urlRequest(update)
        #expect(updateHTTP.httpMethod == "PUT")
        let updated = try NUXJSONValue(jsonData: update.postData)
        #expect(updated["uid"] == "uid-1")
        #expect(updated["properties"]?["dc:description"] == .null)

        let partial = try session.requestUpdateDocument(["entity-type": "document", "uid": "uid-2", "properties": ["dc:title": "New"]])
        #expect(partial.url.absoluteString == "http://localhost:8080/nuxeo/api/v1/id/uid-2")
        #expect(try NUXJSONValue(jsonData: partial.postData)["properties"]?["dc:title"] == "New")

        let delete = session.requestDeleteDocument("uid-1")
        #expect(try Self.urlRequest(delete).httpMethod == "DELETE")
    }

    @Test func tokenRequestIsBesideTheAPI() {
        let session = NUXSession(serverURL: URL(string: "http://localhost:8080/nuxeo/")!)
        #expect(session.requestTokenAuthentication().url.absoluteString == "http://localhost:8080/nuxeo/authentication/token")
    }
}
