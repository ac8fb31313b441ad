import BenchmarkSupport

/// The saturated workload carried by two brokers in turns, several rounds of it, so that their
/// ratio is taken between runs made moments apart rather than between one run of each.
///
/// On a shared virtual machine both brokers' rates move by a third from one run to the next;
/// a single pair of runs says little about which broker is ahead. Each round runs both brokers
/// once, the order swapped every round so that neither always runs on a warmer or a cooler
/// machine; the median of the rounds' ratios is the figure to read.
struct BrokerRounds {
    /// One round: the same workload through the broker measured and through the reference.
    struct Round {
        /// What the broker measured saw.
        let measured: BrokerMeasurement
        /// What the reference saw.
        let reference: BrokerMeasurement

        /// The broker's points/s over the reference's.
        var ratio: Double { measured.pointsPerSecond / reference.pointsPerSecond }
    }

    /// The rounds, in the order they ran.
    let rounds: [Round]

    /// Runs `workload` `count` times through each of `measured` and `reference`, alternating
    /// which goes first.
    init(
        _ workload: BrokerWorkload, count: Int,
        measured: (BrokerWorkload) async throws -> BrokerMeasurement,
        reference: (BrokerWorkload) async throws -> BrokerMeasurement
    ) async throws {
        var rounds: [Round] = []
        for index in 0..<count {
            let measuredFirst = index.isMultiple(of: 2)
            let first = try await (measuredFirst ? measured : reference)(workload.restarted())
            let second = try await (measuredFirst ? reference : measured)(workload.restarted())
            rounds.append(measuredFirst ? Round(measured: first, reference: second) : Round(measured: second, reference: first))
        }
        self.rounds = rounds
    }

    /// The median of the rounds' ratios (the mean of the middle two for an even count).
    var medianRatio: Double { Self.median(rounds.map(\.ratio)) }

    /// The median of the broker's points/s over the rounds.
    var medianPointsPerSecond: Double { Self.median(rounds.map(\.measured.pointsPerSecond)) }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
