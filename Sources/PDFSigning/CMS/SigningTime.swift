import CivilTime
import Foundation
import SwiftASN1

/// The value of the `signingTime` attribute (RFC 5652 §11.3): a UTCTime for the years 1950 to
/// 2049, as the RFC requires, and a GeneralizedTime otherwise. Whole seconds only.
///
/// ```asn1
/// SigningTime ::= Time
/// Time ::= CHOICE { utcTime UTCTime, generalTime GeneralizedTime }
/// ```
struct SigningTime: DERParseable, DERSerializable, Hashable, Sendable {
    /// The instant, truncated to whole seconds.
    var date: Date

    /// Wraps `date`, dropping fractions of a second.
    init(_ date: Date) {
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// Parses either time choice.
    init(derEncoded node: ASN1Node) throws {
        let parts: UTCDateTime?
        switch node.identifier {
        case UTCTime.defaultIdentifier:
            let time = try UTCTime(derEncoded: node)
            parts = UTCDateTime(year: time.year, month: time.month, day: time.day, hour: time.hours, minute: time.minutes, second: time.seconds)
        case GeneralizedTime.defaultIdentifier:
            let time = try GeneralizedTime(derEncoded: node)
            parts = UTCDateTime(year: time.year, month: time.month, day: time.day, hour: time.hours, minute: time.minutes, second: time.seconds)
        default:
            throw ASN1Error.unexpectedFieldType(node.identifier)
        }
        guard let parts else {
            throw ASN1Error.invalidASN1Object(reason: "the signing time is not a calendar date")
        }
        self.date = parts.instant
    }

    /// Writes the time as UTCTime or GeneralizedTime, whichever RFC 5652 asks for.
    func serialize(into coder: inout DER.Serializer) throws {
        let parts = UTCDateTime(date)
        let (year, month, day) = (parts.date.year, parts.date.month, parts.date.day)
        let (hour, minute, second) = (parts.hour, parts.minute, parts.second)
        if (1950..<2050).contains(year) {
            try coder.serialize(UTCTime(year: year, month: month, day: day, hours: hour, minutes: minute, seconds: second))
        } else {
            try coder.serialize(
                GeneralizedTime(year: year, month: month, day: day, hours: hour, minutes: minute, seconds: second, fractionalSeconds: 0)
            )
        }
    }
}
