import Foundation
import NuxeoSDK
import Testing

/// Automation operations, file import and blob download against a real server.
@Suite(.serialized, .timeLimit(.minutes(10))) struct AutomationServerTests {
    @Test func importDownloadAndKeepABlob() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let contents = Data("Hello, Nuxeo!".utf8)
            let file = server.directory.appendingPathComponent("hello.txt")
            try contents.write(to: file)

            let importRequest = session.requestImportFile(file.path, withParent: "/default-domain/workspaces")
            importRequest.addSchema("*")
            let imported = try await importRequest.response().entity(as: NUXDocument.self)
            #expect(importRequest.responseStatusCode == 200)
            #expect(imported.type == "File")
            #expect(imported.title == "hello.txt")
            #expect(imported.path?.hasPrefix("/default-domain/workspaces/") == true)
            let blob = try #require(imported.property(atXPath: "file:content"))
            #expect(blob["name"] == "hello.txt")
            #expect(blob["length"]?.intValue == contents.count)
            let uid = try #require(imported.uid)

            let download = session.requestDownloadBlob(from: uid, inMetadata: "file:content")
            #expect(try await download.response().data == contents)
            #expect(download.responseData == contents)

            let destination = server.directory.appendingPathComponent("downloads/hello-copy.txt")
            let toFile = session.requestDownloadBlob(from: imported.path!, inMetadata: "file:content")
            toFile.downloadDestinationPath = destination.path
            let response = try await toFile.response()
            #expect(response.downloadedFile == destination)
            #expect(response.data.isEmpty)
            #expect(FileManager.default.contents(atPath: destination.path) == contents)

            let store = NUXBlobStore(directory: server.directory.appendingPathComponent("blobs"))
            let kept = try store.saveBlob(fromPath: destination.path, withDocument: imported, metadataXPath: "file:content")
            #expect(kept.hasSuffix("/hello.txt"))
            #expect(store.blob(fromDocument: imported, metadataXPath: "file:content") == kept)

            let missing = session.requestDownloadBlob(from: "/default-domain", inMetadata: "file:content")
            missing.downloadDestinationPath = server.directory.appendingPathComponent("downloads/none").path
            let error = await #expect(throws: NUXError.self) { try await missing.response() }
            #expect(error?.nuxeoStatusCode == 404)
            #expect(!FileManager.default.fileExists(atPath: missing.downloadDestinationPath!), "an error body is not saved as the blob")
        }
    }

    @Test func createFindParentAndMove() async throws {
        try await NuxeoServer.with { server in
            let session = server.session()
            let createNote = session.requestOperation("Document.Create")
            createNote.input = "doc:/default-domain/workspaces"
            createNote.addParameterValue("Note", forKey: "type")
                .addParameterValue("sdk-note", forKey: "name")
                .addParameterValue("dc:title=A note\ndc:description=Made by Document.Create", forKey: "properties")
            let note = try await createNote.response().entity(as: NUXDocument.self)
            #expect(createNote.responseStatusCode == 200)
            #expect(note.type == "Note")
            #expect(note.path == "/default-domain/workspaces/sdk-note")
            #expect(note.properties["dc:title"] == "A note")

            let parent = try await session.requestParent(note.uid!).response().entity(as: NUXDocument.self)
            #expect(parent.path == "/default-domain/workspaces")

            let folder = NUXDocument(type: "Folder", name: "target", properties: ["dc:title": "Target"])
            let target = try await session.requestCreateDocument(folder, withParent: "/default-domain/workspaces").response().entity(
                as: NUXDocument.self)
            let moved = try await session.requestMove(note.path!, toTargetDocument: target.path!).response().entity(as: NUXDocument.self)
            #expect(moved.uid == note.uid)
            #expect(moved.path == "/default-domain/workspaces/target/sdk-note")

            let children = try await session.requestChildren(target.uid!).response().entity(as: NUXDocuments.self)
            #expect(children.entries.map(\.uid) == [note.uid])

            let unknown = session.requestOperation("No.Such.Operation")
            let error = await #expect(throws: NUXError.self) { try await unknown.response() }
            #expect(error?.nuxeoStatusCode == 404)
        }
    }
}
