extension NUXRequest {
    /// Runs the request in the session's queue, reporting how far it has gone to `progress`,
    /// and returns the response; otherwise as ``response()``.
    ///
    /// Use it for the transfers a person waits for: a large download to
    /// ``downloadDestinationPath``, a large upload (see ``NUXBatchUpload``).
    ///
    /// ```swift
    /// let download = session.requestDownloadBlob(from: "/default-domain/workspaces/film.mov", inMetadata: "file:content")
    /// download.downloadDestinationPath = "/tmp/film.mov"
    /// try await download.response { progress in
    ///     print("\(progress.bytesReceived) of \(progress.totalBytesToReceive ?? -1) bytes")
    /// }
    /// ```
    ///
    /// - Returns: The response, whose status is 200–299.
    /// - Throws: As ``response()`` does.
    @discardableResult
    public func response(progress: @escaping NUXProgressBlock) async throws -> NUXResponse {
        try await session.perform(self, progress: progress)
    }
}
