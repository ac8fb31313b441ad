/// A recipient to remind, named by e-mail address or name, for
/// ``SignWellClient/sendReminder(forDocument:recipients:)``.
public struct ReminderRecipient: Codable, Hashable, Sendable {
    /// The recipient's name.
    public var name: String?
    /// The recipient's e-mail address.
    public var email: String?

    /// Names a recipient.
    public init(name: String? = nil, email: String? = nil) {
        self.name = name
        self.email = email
    }
}
