import Foundation
import NXQL
import SQLKit
import Storage

/// Running NXQL queries, with the caller's read permission applied in SQL.
extension Repository {
    /// The page `page` of the documents `nxql` selects that the caller may browse.
    ///
    /// - Parameters:
    ///   - parameters: Values for the query's `?` placeholders, in order.
    ///   - namedParameters: Values for its `:name` placeholders.
    ///   - defaultOrder: The order when neither `page.sortBy` nor the query gives one
    ///     (`ecm:pos` for children listings); the path otherwise.
    /// - Throws: ``RepositoryError/invalid(_:)`` for a query that does not parse or names an
    ///   unknown type.
    public func query(
        _ nxql: String, parameters: [String] = [], namedParameters: [String: String] = [:], page: PageRequest,
        defaultOrder: String = "ecm:path", for checker: AccessChecker
    ) async throws -> DocumentPage {
        let compiled: CompiledQuery
        let order: [SQLPiece]
        do {
            (compiled, order) = try compile(
                nxql, parameters: parameters, namedParameters: namedParameters, page: page,
                defaultOrder: defaultOrder, checker: checker)
        } catch {
            throw RepositoryError.invalid("invalid NXQL query: \(error)")
        }
        let condition = SQLPieces(pieces: compiled.condition)
        let limit = min(page.limit, page.pageSize > 0 ? DocumentPage.maxPageSize : page.maxResults)
        let start = max(0, page.start)
        return try await database.withReadConnection { sql in
            let rows = try await sql.select().columns(DocumentRow.columns.map { SQLColumn($0, table: "d") })
                .from(SQLAlias(SQLIdentifier("repo_documents"), as: SQLIdentifier("d")))
                .where(condition)
                .orderBy(SQLPieces(pieces: order + [.sql(", d.id")]))
                .limit(limit).offset(start)
                .all()
            let documents = try rows.map(DocumentRow.document(from:))
            let total: Int
            if page.pageSize > 0, start == 0, documents.count < limit {
                total = documents.count
            } else {
                total =
                    try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total")
                    .from(SQLAlias(SQLIdentifier("repo_documents"), as: SQLIdentifier("d")))
                    .where(condition)
                    .first(decodingColumn: "total", as: Int.self) ?? 0
            }
            return DocumentPage(
                documents: documents, totalSize: page.pageSize > 0 ? total : min(total, page.maxResults),
                pageSize: page.pageSize, pageIndex: page.pageSize > 0 ? start / page.pageSize : 0, offset: start
            )
        }
    }

    /// The SQL condition of `nxql` for the caller, and the order of its results.
    private func compile(
        _ nxql: String, parameters: [String], namedParameters: [String: String], page: PageRequest, defaultOrder: String,
        checker: AccessChecker
    ) throws(NXQLError) -> (CompiledQuery, [SQLPiece]) {
        let compiler = NXQLCompiler(schema: registry, dialect: database.engine == .sqlite ? .sqlite : .postgres)
        let parsed = try NXQLQuery(parsing: nxql).binding(
            positional: parameters.map(NXQLValue.string), named: namedParameters.mapValues(NXQLValue.string))
        let compiled = try compiler.compile(parsed, principals: checker.sortedIdentities)
        var order: [SQLPiece] = []
        for (index, property) in page.sortBy.enumerated() where !property.isEmpty {
            let direction = index < page.sortOrder.count ? page.sortOrder[index] : (page.sortOrder.last ?? "asc")
            if !order.isEmpty { order.append(.sql(", ")) }
            order += try compiler.orderBy(property: property, descending: direction.lowercased() == "desc")
        }
        if order.isEmpty { order = compiled.orderBy }
        if order.isEmpty { order = try compiler.orderBy(property: defaultOrder, descending: false) }
        return (compiled, order)
    }

    /// The children of `document` a listing shows: live, not trashed, not hidden, in
    /// position order unless `page` sorts them.
    public func children(of document: Document, page: PageRequest, for checker: AccessChecker) async throws -> DocumentPage {
        try await require(Permission.read, on: document, for: checker)
        return try await query(
            PageProvider.currentDocumentChildren.query, parameters: [document.id], page: page, defaultOrder: "ecm:pos", for: checker)
    }

    /// The page `page` of the children of `document` that are in the trash, for restoring
    /// them.
    public func trashedChildren(of document: Document, page: PageRequest, for checker: AccessChecker) async throws -> DocumentPage {
        try await require(Permission.read, on: document, for: checker)
        return try await query(
            "SELECT * FROM Document WHERE ecm:parentId = ? AND ecm:isProxy = 0 AND ecm:isVersion = 0 AND ecm:isTrashed = 1",
            parameters: [document.id], page: page, defaultOrder: "ecm:pos", for: checker)
    }
}
