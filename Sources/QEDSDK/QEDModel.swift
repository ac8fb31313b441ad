import Foundation
import Locking

/// Keeps an app's list of ``QEDFile`` values in UserDefaults, so that it survives restarts.
///
/// Using it is optional; it saves writing a store of your own.
///
/// ```swift
/// var files = QEDModel.loadFromStore()
/// files.append(QEDFile(with: videoURL)!.withCalculatedHash())
/// QEDModel.persist(filesArray: files)   // typically when the app moves to the background
/// ```
///
/// The list is stored as JSON under the key ``storeKey``, in the standard UserDefaults or in
/// the suite named by ``suiteName``. Every property of each file is kept, with its
/// ``QEDFile/fileURL`` as an absolute URL.
public struct QEDModel: Sendable {
    private static let suite = LockedValue<String?>(nil)

    /// The UserDefaults key the list is stored under.
    public static let storeKey = "QEDSDK.files"

    /// The UserDefaults suite to store the list in; `nil`, the default, means
    /// `UserDefaults.standard`.
    ///
    /// Use an app group's name to share the list with app extensions. Tests can use the
    /// absolute path of a file in a temporary directory: Foundation then keeps the suite in
    /// that file (with `.plist` appended) instead of the user's preferences.
    public static var suiteName: String? {
        get { suite.current }
        set { suite.current = newValue }
    }

    /// Stores `files`, replacing the list stored before.
    ///
    /// - Parameter files: The app's files, in the order ``loadFromStore()`` should give them back.
    public static func persist(filesArray files: [QEDFile]) {
        guard let data = try? JSONEncoder().encode(files) else { return }
        defaults.set(data, forKey: storeKey)
    }

    /// The list ``persist(filesArray:)`` stored last, or an empty list if there is none (or if
    /// what is stored cannot be read).
    public static func loadFromStore() -> [QEDFile] {
        guard let data = defaults.data(forKey: storeKey) else { return [] }
        return (try? JSONDecoder().decode([QEDFile].self, from: data)) ?? []
    }

    private static var defaults: UserDefaults {
        suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }
}
