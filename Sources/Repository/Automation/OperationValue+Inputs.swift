extension OperationValue {
    /// The one document of a `document` input.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` for any other input.
    func document(for operation: String) throws -> Document {
        if case .document(let document) = self { return document }
        if case .documents(let documents, _) = self, documents.count == 1 { return documents[0] }
        throw RepositoryError.invalid("\(operation) needs a document as input, not \(typeName)")
    }

    /// The blobs of a `blob` or `blobs` input.
    func blobs(for operation: String) throws -> [BlobInfo] {
        switch self {
        case .blob(let blob): return [blob]
        case .blobs(let blobs): return blobs
        default: throw RepositoryError.invalid("\(operation) needs a blob as input, not \(typeName)")
        }
    }

    /// Applies `transform` to each document of a `document` or `documents` input, keeping the
    /// input's shape in the output.
    func mapDocuments(for operation: String, _ transform: (Document) async throws -> Document) async throws -> OperationValue {
        switch self {
        case .document(let document): return .document(try await transform(document))
        case .documents(let documents, _):
            var results: [Document] = []
            for document in documents { results.append(try await transform(document)) }
            return .documents(results, page: nil)
        default: throw RepositoryError.invalid("\(operation) needs documents as input, not \(typeName)")
        }
    }
}
