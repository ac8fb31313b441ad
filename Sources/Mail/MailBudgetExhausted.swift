/// An account's actions have queued as many messages in the last 24 hours as the server allows
/// one account (``OutboundMailSettings/accountDailyLimit``); the message was not queued.
public struct MailBudgetExhausted: Error, CustomStringConvertible {
    /// The account.
    public let account: String
    /// Its daily limit.
    public let limit: Int

    public var description: String {
        "account \(account) has queued its \(limit) messages of the last 24 hours; no more until older ones age out"
    }
}
