/// The iSCP 1.0 views of the data ids a reader of stored points meets, each worked out once.
///
/// Such a reader meets a few data ids over and over, in one record after another: it looks a
/// view up once per data id of a record, not per point. At most ``limit`` views are kept (a
/// measurement has a few data ids, but nothing bounds them); the views of data ids beyond
/// that are worked out each time.
struct ISCP1DataIDViews {
    private var views: [TelemetryDataID: ISCP1DataIDView] = [:]

    /// The most views kept.
    private static let limit = 4096

    /// The view of `dataID`.
    mutating func view(of dataID: TelemetryDataID) -> ISCP1DataIDView {
        if let view = views[dataID] { return view }
        let view = ISCP1DataIDView(dataID)
        if views.count < Self.limit { views[dataID] = view }
        return view
    }
}
