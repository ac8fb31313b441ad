import Foundation

extension SignWellClient {
    /// Creates a template.
    ///
    /// `POST /document_templates`.
    public func createTemplate(_ request: CreateTemplateRequest) async throws -> Template {
        try await json("POST", ["document_templates"], body: request)
    }

    /// The template `id`.
    ///
    /// `GET /document_templates/{id}`.
    public func template(_ id: String) async throws -> Template {
        try await json("GET", ["document_templates", id])
    }

    /// Changes the template `id`.
    ///
    /// `PUT /document_templates/{id}`.
    public func updateTemplate(_ id: String, _ request: UpdateTemplateRequest) async throws -> Template {
        try await json("PUT", ["document_templates", id], body: request)
    }

    /// Deletes the template `id`.
    ///
    /// `DELETE /document_templates/{id}`.
    public func deleteTemplate(_ id: String) async throws {
        _ = try await send("DELETE", ["document_templates", id])
    }

    /// One page of templates.
    ///
    /// `GET /document_templates`.
    ///
    /// - Parameters:
    ///   - page: The page, from 1.
    ///   - limit: Templates per page, 1 to 50.
    ///   - query: A search such as `name:NDA`.
    public func templates(page: Int? = nil, limit: Int? = nil, query: String? = nil) async throws -> TemplateList {
        var items: [URLQueryItem] = []
        if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let query { items.append(URLQueryItem(name: "query", value: query)) }
        return try await json("GET", ["document_templates"], query: items)
    }

    /// Creates a document from a template, and sends it unless it is a draft.
    ///
    /// `POST /document_templates/documents`.
    public func createDocument(fromTemplate request: CreateDocumentFromTemplateRequest) async throws -> Document {
        try await json("POST", ["document_templates", "documents"], body: request)
    }
}
