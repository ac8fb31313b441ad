import Foundation
import HTTPSupport
import JSON
import Logging

extension Operation {
    /// The operations on blobs and file import.
    static let blobOperations: [Operation] = [
        Operation(
            "Blob.AttachOnDocument", category: "Files", description: "Attaches the input blob to a document.",
            signature: [("blob", "blob")],
            parameters: [.init("document", "document", required: true), .init("xpath", "string"), .init("save", "boolean")]
        ) { input, call in
            let blobs = try input.blobs(for: "Blob.AttachOnDocument")
            let document = try await call.document("document")
            _ = try await call.repository.attach(blobs[0], to: document, xpath: call.string("xpath") ?? "file:content", for: call.checker)
            return input
        },
        Operation(
            "Document.SetBlob", aliases: ["Blob.Set"], category: "Files",
            description: "Sets the blob given as the file parameter at xpath on each input document.",
            signature: [("document", "document"), ("documents", "documents")],
            parameters: [.init("file", "blob", required: true), .init("xpath", "string"), .init("save", "boolean")]
        ) { input, call in
            let blob = try await call.blob("file")
            let xpath = call.string("xpath") ?? "file:content"
            return try await input.mapDocuments(for: "Document.SetBlob") {
                try await call.repository.attach(blob, to: $0, xpath: xpath, for: call.checker)
            }
        },
        Operation(
            "Blob.Attach", category: "Files",
            description: "Attaches the input blobs to a document; a list xpath appends them all.",
            signature: [("blob", "blob"), ("blobs", "blobs")],
            parameters: [.init("document", "document", required: true), .init("xpath", "string"), .init("save", "boolean")]
        ) { input, call in
            let blobs = try input.blobs(for: "Blob.Attach")
            var document = try await call.document("document")
            let xpath = call.string("xpath") ?? "file:content"
            if case .list? = BlobPath(xpath) {
                for blob in blobs { document = try await call.repository.attach(blob, to: document, xpath: xpath, for: call.checker) }
            } else {
                _ = try await call.repository.attach(blobs[0], to: document, xpath: xpath, for: call.checker)
            }
            return input
        },
        Operation(
            "Blob.Get", aliases: ["Document.GetBlob"], category: "Files", description: "Gets a blob of the input document.",
            signature: [("document", "blob")], parameters: [.init("xpath", "string")]
        ) { input, call in
            let document = try input.document(for: "Blob.Get")
            let xpath = call.string("xpath") ?? "file:content"
            guard let blob = call.repository.blob(at: xpath, of: document) else {
                throw RepositoryError.documentNotFound("blob \(xpath) of \(document.path)")
            }
            return .blob(blob)
        },
        Operation(
            "Blob.GetList", aliases: ["Document.GetBlobs"], category: "Files", description: "Gets every blob of the input document.",
            signature: [("document", "blobs")]
        ) { input, call in
            let document = try input.document(for: "Blob.GetList")
            var blobs: [BlobInfo] = []
            if let main = document.properties["file:content"].flatMap(BlobInfo.init) { blobs.append(main) }
            for item in document.properties["files:files"]?.arrayValue ?? [] {
                if let blob = item.objectValue?["file"].flatMap(BlobInfo.init) { blobs.append(blob) }
            }
            return .blobs(blobs)
        },
        Operation(
            "Blob.RemoveFromDocument", aliases: ["Blob.Remove"], category: "Files", description: "Removes a blob from the input document.",
            signature: [("document", "document"), ("documents", "documents")], parameters: [.init("xpath", "string")]
        ) { input, call in
            let xpath = call.string("xpath") ?? "file:content"
            return try await input.mapDocuments(for: "Blob.RemoveFromDocument") {
                try await call.repository.attach(nil, to: $0, xpath: xpath, for: call.checker)
            }
        },
        Operation(
            "FileManager.Import", category: "Services",
            description: "Creates a File document from each input blob in the context's current document.",
            signature: [("blob", "document"), ("blobs", "documents")], parameters: [.init("overwrite", "boolean")]
        ) { input, call in
            guard let parentReference = call.context["currentDocument"]?.stringValue else {
                throw RepositoryError.invalid("FileManager.Import needs the context value 'currentDocument'")
            }
            let parent = try await call.repository.document(DocumentReference(parentReference), for: call.checker)
            var created: [Document] = []
            for blob in try input.blobs(for: "FileManager.Import") {
                created.append(
                    try await call.repository.importFile(blob, into: parent, overwrite: call.bool("overwrite", default: false), for: call.checker))
            }
            if case .blob = input { return .document(created[0]) }
            return .documents(created, page: nil)
        },
    ]

    /// Operations that act on nothing in the repository.
    static let basicOperations: [Operation] = [
        Operation(
            "Log", category: "Notification", description: "Writes a message to the server log.",
            signature: [("void", "void"), ("document", "document"), ("documents", "documents"), ("blob", "blob")],
            parameters: [.init("message", "string", required: true), .init("level", "string"), .init("category", "string")]
        ) { input, call in
            let message = call.string("message") ?? ""
            let metadata: [String: Logger.MetadataValue] = ["category": .string(call.string("category") ?? "automation")]
            switch call.string("level")?.lowercased() {
            case "error": call.logger.error("\(message)", metadata: metadata)
            case "warn", "warning": call.logger.warning("\(message)", metadata: metadata)
            case "debug": call.logger.debug("\(message)", metadata: metadata)
            default: call.logger.info("\(message)", metadata: metadata)
            }
            return input
        },
        Operation(
            "Noop", category: "Execution Context", description: "Returns its input unchanged.",
            signature: [("void", "void"), ("document", "document"), ("documents", "documents"), ("blob", "blob"), ("blobs", "blobs")]
        ) { input, _ in
            input
        },
    ]
}
