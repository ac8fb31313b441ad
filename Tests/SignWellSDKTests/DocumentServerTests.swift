import ChanceryTestSupport
import Foundation
import SignWellSDK
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The documents calls against a real `chancery serve`.
@Suite(.serialized) struct DocumentServerTests {
    @Test func createsADocumentFromABase64PDFWithEmbeddedSigningURLs() async throws {
        try await SignWellServer.with { server in
            let document = try await server.client().createDocument(TestRequests.contract())
            #expect(document.name == "Contract")
            #expect(document.testMode)
            #expect(document.status == .sent)
            #expect(document.files == [FileInfo(name: "contract.pdf", pagesNumber: 2)])
            let recipient = try #require(document.recipients?.first)
            #expect(recipient.id == "1")
            #expect(recipient.email == "jane@example.com")
            let signingURL = try #require(recipient.embeddedSigningURL.flatMap(URL.init(string:)))
            #expect(signingURL.host == server.process.baseURL.host)
            // The sample splices the URL into a single-quoted JavaScript string.
            #expect(!signingURL.absoluteString.contains("'") && !signingURL.absoluteString.contains("\\"))
            let fields = try #require(document.fields?.first)
            #expect(fields.map(\.type) == [.signature, .date])
            #expect(fields[0].width == 150 && fields[0].height == 40)
            #expect(fields[1].dateFormat == .monthNameDayYear)
            #expect(fields[1].width != nil)
        }
    }

    @Test func answersTheCreationWith201() async throws {
        try await SignWellServer.with { server in
            var request = URLRequest(url: server.apiURL.appendingPathComponent("documents"))
            request.httpMethod = "POST"
            request.setValue(server.apiKey, forHTTPHeaderField: "X-Api-Key")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            request.httpBody = try SignWellJSON.encoder().encode(TestRequests.contract())
            let (body, response) = try await SignWellClient.defaultSession.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
            let document = try SignWellJSON.decoder().decode(CreateDocumentResponse.self, from: body)
            #expect(document.recipients?.first?.embeddedSigningURL != nil)
        }
    }

    @Test func getsListsAndPagesDocuments() async throws {
        try await SignWellServer.with { server in
            let client = server.client()
            var created: [Document] = []
            for name in ["First", "Second", "Third"] {
                created.append(try await client.createDocument(TestRequests.contract(name: name)))
            }
            let fetched = try await client.document(created[1].id)
            #expect(fetched.id == created[1].id)
            #expect(fetched.name == "Second")
            #expect(fetched.recipients?.first?.embeddedSigningURL == created[1].recipients?.first?.embeddedSigningURL)

            let first = try await client.documents(page: 1, limit: 2)
            #expect(first.documents.count == 2)
            #expect(first.pagination.currentPage == 1)
            #expect(first.pagination.nextPage == 2)
            #expect(first.pagination.previousPage == nil)
            #expect(first.pagination.totalCount == 3)
            #expect(first.pagination.totalPages == 2)
            let second = try await client.documents(page: 2, limit: 2)
            #expect(second.documents.count == 1)
            #expect(second.pagination.nextPage == nil)
            #expect(second.pagination.previousPage == 1)
            #expect(Set((first.documents + second.documents).map(\.id)) == Set(created.map(\.id)))
        }
    }

    @Test func sendsADraft() async throws {
        try await SignWellServer.with { server in
            let client = server.client()
            let draft = try await client.createDocument(TestRequests.contract(draft: true))
            #expect(draft.status == .draft)
            var changes = SendDocumentRequest()
            changes.name = "Contract, final"
            let sent = try await client.sendDocument(draft.id, changes)
            #expect(sent.id == draft.id)
            #expect(sent.status == .sent)
            #expect(sent.name == "Contract, final")
            let resent = await #expect(throws: SignWellError.self) { _ = try await client.sendDocument(draft.id) }
            #expect(resent.map { (400..<500).contains($0.statusCode) } == true, "only drafts are sent: \(String(describing: resent))")
        }
    }

    @Test func updatesRecipientsAndRemindsThem() async throws {
        try await SignWellServer.with { server in
            let client = server.client()
            let document = try await client.createDocument(TestRequests.contract())
            let updated = try await client.updateRecipients(
                ofDocument: document.id, [RecipientUpdate(id: "1", name: "Jane Smith", email: "jane.smith@example.com")])
            #expect(updated.recipients?.first?.name == "Jane Smith")
            #expect(updated.recipients?.first?.email == "jane.smith@example.com")
            #expect(try await client.document(document.id).recipients?.first?.email == "jane.smith@example.com")
            try await client.sendReminder(forDocument: document.id)
            try await client.sendReminder(forDocument: document.id, recipients: [ReminderRecipient(email: "jane.smith@example.com")])
        }
    }

    @Test func deletesADocument() async throws {
        try await SignWellServer.with { server in
            let client = server.client()
            let document = try await client.createDocument(TestRequests.contract())
            try await client.deleteDocument(document.id)
            let error = await #expect(throws: SignWellError.self) { _ = try await client.document(document.id) }
            #expect(error?.statusCode == 404)
            #expect(error?.code == "record_not_found")
        }
    }

    @Test func theCompletedPDFIsNotFoundBeforeCompletion() async throws {
        try await SignWellServer.with { server in
            let client = server.client()
            let document = try await client.createDocument(TestRequests.contract())
            do {
                _ = try await client.completedPDF(document.id)
                Issue.record("a document nobody signed has no completed PDF")
            } catch let error as SignWellError {
                #expect(error.statusCode == 404)
                #expect(error.code == "record_not_found")
                #expect(error.description.hasPrefix("HTTP 404 record_not_found: "))
            }
        }
    }

    @Test func explainsInvalidInputAndRefusesABadKey() async throws {
        try await SignWellServer.with { server in
            var invalid = TestRequests.contract()
            invalid.recipients = [Recipient(id: "1", name: "Jane Roe", email: "not an address")]
            do {
                _ = try await server.client().createDocument(invalid)
                Issue.record("an invalid e-mail address is refused")
            } catch let error as SignWellError {
                #expect([400, 422].contains(error.statusCode))
                #expect(!error.fieldErrors.isEmpty, "\(error)")
            }

            let stranger = SignWellClient(baseURL: server.apiURL, apiKey: "not-a-key")
            do {
                _ = try await stranger.documents()
                Issue.record("an unknown key is refused")
            } catch let error as SignWellError {
                #expect(error.statusCode == 401)
            }
        }
    }
}
