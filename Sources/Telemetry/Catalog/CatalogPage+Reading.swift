import SQLKit

extension CatalogPage {
    /// Reads one page of the rows of `table` that meet every one of `conditions`, ordered by
    /// `sort` then `uuid` (the same way, so that pages never overlap), with the number of such
    /// rows in all, and makes an item of each row with `item`.
    static func read(
        from table: String, columns: [String], where conditions: [any SQLExpression], sort: String, order: SortOrder,
        page: PageRequest, in sql: any SQLDatabase, item: (any SQLRow) throws -> Item
    ) async throws -> CatalogPage {
        let count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(table)
        let select = sql.select().columns(columns).from(table)
        for condition in conditions {
            count.where(condition)
            select.where(condition)
        }
        let total = try await count.first(decodingColumn: "count", as: Int.self) ?? 0
        let direction: SQLDirection = order == .ascending ? .ascending : .descending
        let rows = try await select.orderBy(sort, direction).orderBy("uuid", direction).limit(page.limit).offset(page.offset).all()
        return CatalogPage(items: try rows.map(item), totalCount: total)
    }
}
