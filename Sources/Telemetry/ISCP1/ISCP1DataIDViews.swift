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

    /// The view of `dataID`.
    mutating func view(of dataID: TelemetryDataID) -> ISCP1DataIDView {
        for entry in recent where entry.dataID == dataID { return entry.view }
        if let view = others[dataID] { return view }
        let view = ISCP1DataIDView(dataID)
        if recent.count < Self.recentLimit {
            recent.append((dataID, view))
        } else if others.count < Self.limit {
            others[dataID] = view
        }
        return view
    }
}
