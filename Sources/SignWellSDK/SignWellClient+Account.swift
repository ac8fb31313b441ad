extension SignWellClient {
    /// The user the API key belongs to, with their account.
    ///
    /// `GET /me`.
    public func me() async throws -> AccountMember {
        try await json("GET", ["me"])
    }

    /// The API application `id`.
    ///
    /// `GET /api_applications/{id}`.
    public func apiApplication(_ id: String) async throws -> APIApplication {
        try await json("GET", ["api_applications", id])
    }

    /// Deletes the API application `id`.
    ///
    /// `DELETE /api_applications/{id}`.
    public func deleteAPIApplication(_ id: String) async throws {
        _ = try await send("DELETE", ["api_applications", id])
    }
}
