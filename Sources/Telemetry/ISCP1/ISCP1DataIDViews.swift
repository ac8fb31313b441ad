/// The iSCP 1.0 views of the data ids a reader of stored points meets, each worked out once.
///
/// Such a reader meets a few data ids over and over, one point after another, so looking a
/// view up must cost less than hashing the data id's name and type: the first
/// ``recentLimit`` data ids are kept in a list searched front to back (comparing two short
/// names costs a few instructions), later ones in a dictionary of at most ``limit``, and the
/// views of data ids beyond that are worked out for each point.
struct ISCP1DataIDViews {
    /// The views of the first data ids met, searched before ``others``.
    private var recent: [(dataID: TelemetryDataID, view: ISCP1DataIDView)] = []
    /// The views of the data ids met after the first ``recentLimit``.
    private var others: [TelemetryDataID: ISCP1DataIDView] = [:]

    /// How many data ids the list holds.
    private static let recentLimit = 8
    /// The most views kept in the dictionary: a measurement has a few data ids, but nothing
    /// bounds them.
    private static let limit = 4096

    /// What `body` makes of the view of `dataID`, which it borrows where it is kept rather
    /// than taking a copy (a view holds several strings, each retained by a copy).
    mutating func withView<Result>(of dataID: TelemetryDataID, _ body: (borrowing ISCP1DataIDView) -> Result) -> Result {
        for index in recent.indices where recent[index].dataID == dataID { return body(recent[index].view) }
        if let view = others[dataID] { return body(view) }
        let view = ISCP1DataIDView(dataID)
        if recent.count < Self.recentLimit {
            recent.append((dataID, view))
        } else if others.count < Self.limit {
            others[dataID] = view
        }
        return body(view)
    }
}
