import SQLKit
import Storage

extension CatalogPage {
    /// Reads one page of the rows of `table` that meet every one of `conditions`, ordered by
    /// `sort` then `uuid` (the same way, so that pages never overlap), with the number of such
    /// rows in all, decodes each as a `Row` and makes an item of it with `item`.
    static func read<Row: TableRow>(
        _ rowType: Row.Type, from table: String, where conditions: [any SQLExpression], sort: String, order: SortOrder,
        page: PageRequest, in sql: any SQLDatabase, item: (Row) throws -> Item
    ) async throws -> CatalogPage {
        let count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(table)
        let select = sql.select().columns(Row.columns).from(table)
        for condition in conditions {
            count.where(condition)
            select.where(condition)
        }
        let total = try await count.first(decodingColumn: "count", as: Int.self) ?? 0
        let direction: SQLDirection = order == .ascending ? .ascending : .descending
        let rows = try await select.orderBy(sort, direction).orderBy("uuid", direction).limit(page.limit).offset(page.offset)
            .all(decoding: Row.self)
        return CatalogPage(items: try rows.map(item), totalCount: total)
    }
}
