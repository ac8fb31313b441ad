import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// The batch upload API under `api/v1/upload` (spec §1.8).
extension NuxeoAPI {
    func upload(_ call: inout NuxeoCall, segments: [String]) async throws -> Response {
        let uploads = repository.uploads
        let owner = call.principal
        switch (call.request.method, segments.count) {
        case (.post, 0):
            let id = try await uploads.create(for: owner)
            return try NuxeoCall.json(UploadBatchEntity(batchId: id), status: .created)
        case (.get, 1) where segments[0] == "handlers":
            return try NuxeoCall.json(UploadHandlersEntity())
        case (.post, 2) where segments[0] == "new":
            guard segments[1] == UploadHandlersEntity.defaultHandler else { throw APIError(.notFound, "unknown upload handler '\(segments[1])'") }
            let id = try await uploads.create(for: owner)
            return try NuxeoCall.json(UploadBatchEntity(batchId: id, fileEntries: []))
        default:
            break
        }
        let batchID = segments[0]
        guard try await uploads.exists(batchID, for: owner) else { throw APIError(.notFound, "unknown upload batch \(batchID)") }
        let rest = Array(segments.dropFirst())
        switch (call.request.method, rest.first) {
        case (.get, nil):
            let files = try await uploads.files(of: batchID, owner: owner) ?? []
            if files.isEmpty { return NuxeoCall.noContent }
            return try NuxeoCall.json(files.map(UploadedFileEntity.init))
        case (.get, "info"?):
            let files = try await uploads.files(of: batchID, owner: owner) ?? []
            return try NuxeoCall.json(UploadBatchEntity(batchId: batchID, fileEntries: files.map(UploadedFileEntity.init)))
        case (.delete, nil):
            _ = try await uploads.drop(batchID, owner: owner)
            return NuxeoCall.noContent
        case (.post, "execute"?) where rest.count == 2:
            return try await executeOnBatch(&call, batchID: batchID, fileIndex: nil, operation: rest[1])
        case (.post, "refreshToken"?):
            throw APIError(.conflict, "the default upload handler has no token to refresh")
        default:
            break
        }
        guard let indexText = rest.first, let index = Int(indexText), index >= 0 else {
            throw APIError(.badRequest, "'\(rest.first ?? "")' is not a file index")
        }
        switch (call.request.method, rest.count) {
        case (.post, 1):
            return try await receive(call, batchID: batchID, index: index)
        case (.get, 1):
            guard let file = try await uploads.file(index, of: batchID, owner: owner) else {
                throw APIError(.notFound, "batch \(batchID) has no file \(index)")
            }
            return try NuxeoCall.json(UploadedFileEntity(file), status: file.isComplete ? .ok : .accepted)
        case (.delete, 1):
            guard try await uploads.removeFile(index, of: batchID, owner: owner) else {
                throw APIError(.notFound, "batch \(batchID) has no file \(index)")
            }
            return NuxeoCall.noContent
        case (.post, 3) where rest[1] == "execute":
            return try await executeOnBatch(&call, batchID: batchID, fileIndex: index, operation: rest[2])
        case (.post, 2) where rest[1] == "complete":
            throw APIError(.conflict, "the default upload handler stores files as they arrive; there is nothing to complete")
        default:
            throw APIError(.notFound, "no upload resource at \(call.request.uri.path)")
        }
    }

    /// Stores one upload request's body as a file or chunk of the batch.
    private func receive(_ call: NuxeoCall, batchID: String, index: Int) async throws -> Response {
        let headers = call.request.headers
        let name = try UploadedFileName.decode(headers[.xFileName])
        let declaredType = headers[.xFileType] ?? headers[.contentType]
        let totalSize = headers[.xFileSize].flatMap { Int64($0) }
        var chunk: (index: Int, count: Int)?
        if headers[.xUploadType]?.lowercased() == "chunked" {
            guard let chunkIndex = headers[.xUploadChunkIndex].flatMap({ Int($0) }),
                let chunkCount = headers[.xUploadChunkCount].flatMap({ Int($0) })
            else { throw APIError(.badRequest, "chunked uploads need X-Upload-Chunk-Index and X-Upload-Chunk-Count") }
            chunk = (chunkIndex, chunkCount)
        }
        let part = UploadBatches.Part(
            fileIndex: index, name: name, declaredType: declaredType, totalSize: totalSize, chunk: chunk)
        let file = try await repository.uploads.upload(part, body: call.request.body, batchID: batchID, owner: call.principal)
        return try NuxeoCall.json(UploadReceiptEntity(file, batchId: batchID, fileIdx: index), status: file.isComplete ? .created : .accepted)
    }

    /// Runs an operation with the batch's blobs (or one of them) as input, then drops the
    /// batch unless the client asked to keep it.
    private func executeOnBatch(_ call: inout NuxeoCall, batchID: String, fileIndex: Int?, operation: String) async throws -> Response {
        let files = try await repository.uploads.files(of: batchID, owner: call.principal) ?? []
        let selected = fileIndex.map { index in files.filter { $0.index == index } } ?? files
        guard !selected.isEmpty else { throw APIError(.notFound, "batch \(batchID) has no file \(fileIndex.map(String.init) ?? "")") }
        let blobs = try selected.map { file in
            guard let blob = file.blob else { throw APIError(.badRequest, "file \(file.index) of batch \(batchID) is incomplete") }
            return blob
        }
        let input: OperationInput = fileIndex == nil && blobs.count > 1 ? .blobs(blobs) : .blob(blobs[0])
        let response = try await automation(&call, segments: [operation], input: input)
        if call.request.headers[.xBatchNoDrop]?.lowercased() != "true" {
            _ = try await repository.uploads.drop(batchID, owner: call.principal)
        }
        return response
    }
}
