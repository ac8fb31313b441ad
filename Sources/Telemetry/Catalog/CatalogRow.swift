/// A row of a catalog table, decoded by column name (sql-kit's `all(decoding:)`,
/// `first(decoding:)`): its coding keys are the columns.
protocol CatalogRow: Decodable {
    /// The columns of a row, which the queries select and the inserts fill in this order.
    static var columns: [String] { get }
}
