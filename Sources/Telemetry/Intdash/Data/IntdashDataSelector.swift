/// What `GET /v1/data` answers for each stored point, by its `idq` and `label` parameters.
///
/// As in intdash, a point is answered when it matches either: raw when an id query matches
/// it, and once per signal that reads it, converted under the signal's label. A point that a
/// query and two signals match is answered three times. With neither parameter every point is
/// answered raw.
struct IntdashDataSelector: Sendable {
    /// The id queries of the points wanted raw.
    let idQueries: [IntdashIDQuery]
    /// The signals whose converted values are wanted, in the order their labels were given.
    let signals: [Signal]

    /// Whether every point is wanted raw.
    var selectsEverything: Bool { idQueries.isEmpty && signals.isEmpty }

    /// Whether points of `id` may be answered at all, so that the store reads them.
    func wants(_ id: TelemetryDataID) -> Bool {
        selectsEverything || idQueries.contains { $0.matches(id) } || signals.contains { $0.reads(id) }
    }

    /// The answers for `response`, a stored point, in place of what `answers` held: itself
    /// when it is wanted raw, then one per signal that reads it (an error point when its
    /// conversion fails). The caller keeps `answers` from point to point, so that its storage
    /// is allocated once.
    func answers(for response: IntdashDataResponse, into answers: inout [(response: IntdashDataResponse, isError: Bool)]) {
        answers.removeAll(keepingCapacity: true)
        if selectsEverything
            || idQueries.contains(where: { $0.matches(dataType: response.dataType, channel: response.channel, dataID: response.dataID) })
        {
            answers.append((response, false))
        }
        for signal in signals where signal.reads(response) {
            answers.append(signal.answer(for: response))
        }
    }
}
