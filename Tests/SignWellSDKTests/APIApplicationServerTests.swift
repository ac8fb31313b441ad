import Foundation
import SignWellSDK
import Testing

/// API applications through the SDK against a real `chancery serve`.
@Suite(.serialized) struct APIApplicationServerTests {
    @Test func anApplicationIsMadeUsedByADocumentAndDeleted() async throws {
        try await SignWellServer.with { server in
            let client = server.client()
            let made = try await client.createAPIApplication(
                CreateAPIApplicationRequest(
                    name: "Kiosk", callbackURLs: ["https://kiosk.example.com/back"],
                    preferences: .init(primaryColor: "#204080", buttonsBorderRadius: 12)
                ))
            #expect(made.name == "Kiosk")
            #expect(made.callbackURLs == ["https://kiosk.example.com/back"])
            #expect(made.preferences?["primary_color"] == .text("#204080"))
            #expect(made.preferences?["buttons_border_radius"] == .number(12))
            #expect(made.owner?.id.isEmpty == false)

            let fetched = try await client.apiApplication(made.id)
            #expect(fetched.id == made.id && fetched.name == "Kiosk")
            #expect(try await client.apiApplications().apiApplications.map(\.id) == [made.id])

            var request = TestRequests.contract()
            request.apiApplicationID = made.id
            #expect(try await client.createDocument(request).apiApplicationID == made.id)

            try await client.deleteAPIApplication(made.id)
            await #expect {
                _ = try await client.apiApplication(made.id)
            } throws: { error in
                (error as? SignWellError)?.statusCode == 404
            }
            request.apiApplicationID = made.id
            await #expect {
                _ = try await client.createDocument(request)
            } throws: { error in
                (error as? SignWellError)?.fieldErrors["api_application_id"] != nil
            }
        }
    }

    @Test func aBadColourIsExplained() async throws {
        try await SignWellServer.with { server in
            await #expect {
                _ = try await server.client().createAPIApplication(CreateAPIApplicationRequest(name: "X", preferences: .init(primaryColor: "blue")))
            } throws: { error in
                let error = error as? SignWellError
                return error?.statusCode == 422 && error?.fieldErrors["preferences.primary_color"] != nil
            }
        }
    }
}
