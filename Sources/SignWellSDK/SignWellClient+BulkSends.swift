import Foundation

extension SignWellClient {
    /// Makes and sends one document per row of a CSV file.
    ///
    /// `POST /bulk_sends`.
    public func createBulkSend(_ request: BulkSendRequest) async throws -> BulkSend {
        try await json("POST", ["bulk_sends"], body: request)
    }

    /// The bulk send `id`.
    ///
    /// `GET /bulk_sends/{id}`.
    public func bulkSend(_ id: String) async throws -> BulkSend {
        try await json("GET", ["bulk_sends", id])
    }

    /// One page of bulk sends.
    ///
    /// `GET /bulk_sends`.
    ///
    /// - Parameters:
    ///   - page: The page, from 1.
    ///   - limit: Bulk sends per page, 1 to 50.
    ///   - userEmail: Only those of this user.
    ///   - apiApplicationID: Only those of this API application.
    public func bulkSends(page: Int? = nil, limit: Int? = nil, userEmail: String? = nil, apiApplicationID: String? = nil) async throws -> BulkSendList
    {
        var items: [URLQueryItem] = []
        if let userEmail { items.append(URLQueryItem(name: "user_email", value: userEmail)) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
        if let apiApplicationID { items.append(URLQueryItem(name: "api_application_id", value: apiApplicationID)) }
        return try await json("GET", ["bulk_sends"], query: items)
    }

    /// One page of the documents the bulk send `id` made.
    ///
    /// `GET /bulk_sends/{id}/documents`.
    public func bulkSendDocuments(_ id: String, page: Int? = nil, limit: Int? = nil) async throws -> DocumentList {
        var items: [URLQueryItem] = []
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
        return try await json("GET", ["bulk_sends", id, "documents"], query: items)
    }

    /// An empty CSV file with a column for each value the templates need: the file to fill
    /// in for ``createBulkSend(_:)``.
    ///
    /// `GET /bulk_sends/csv_template`.
    public func bulkSendCSVTemplate(templateIDs: [String]) async throws -> Data {
        let items = templateIDs.map { URLQueryItem(name: "template_ids[]", value: $0) }
        return try await send("GET", ["bulk_sends", "csv_template"], query: items, accept: "text/csv, application/octet-stream").body
    }

    /// Checks a CSV file against templates without sending anything; throws
    /// ``SignWellError`` with the problems of each row when it is not valid.
    ///
    /// `POST /bulk_sends/validate_csv`.
    ///
    /// - Returns: The bulk send as the server read it.
    public func validateBulkSendCSV(_ request: BulkSendRequest) async throws -> BulkSendRequest {
        try await json("POST", ["bulk_sends", "validate_csv"], body: request)
    }
}
