import Foundation

/// Returns once the wall clock reads later than `instant` by `resolution`: for a test whose
/// code under test stamps times from the system clock itself (another process, or code that
/// takes no clock), and that needs two stamps to differ, such as a change made after a
/// recorded time. It waits only for what is left of `resolution` after `instant`, which is
/// usually nothing, as a request to the code under test takes longer.
///
/// ```swift
/// let created = try await create()              // stamped by the server, in milliseconds
/// try await waitForWallClock(toPass: created.modified, by: .milliseconds(1))
/// let updated = try await update()              // stamped later than `created`
/// ```
public func waitForWallClock(toPass instant: Date, by resolution: Duration) async throws {
    let left = instant.timeIntervalSinceNow + Double(resolution.components.seconds) + Double(resolution.components.attoseconds) / 1e18
    guard left > 0 else { return }
    try await ContinuousClock().sleep(until: .now + .seconds(left))
}
