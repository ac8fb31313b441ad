import Conversion
import Foundation

/// The limits and guards ``DocumentIntake`` applies to the files of a request.
///
/// The defaults (``standard``) suit a server on the public internet: downloads reach only
/// public addresses, files are at most 50 MiB, and office documents are converted when
/// LibreOffice is installed.
public struct IntakePolicy: Sendable {
    /// Whether `file_url` may point at any address. When `false` (the default), a URL whose
    /// host resolves to a loopback, private (RFC 1918), shared (CGNAT, 100.64.0.0/10),
    /// link-local (169.254.0.0/16, the cloud metadata address among them), unique local
    /// (fc00::/7), unspecified, multicast, documentation or other special-purpose address
    /// is refused; IPv4 addresses embedded in IPv6 (`::ffff:a.b.c.d`, NAT64, 6to4) are
    /// judged as the IPv4 address. See ``IPAddress/specialPurposeRange``.
    public var allowPrivateNetworks: Bool
    /// Host names (lowercase, as in the URL) whose addresses may be private although
    /// ``allowPrivateNetworks`` is `false`: an intranet document server, for example. Only
    /// the named host is trusted; a redirect from it to another host is checked as usual.
    public var trustedHosts: Set<String>
    /// The largest file accepted, in bytes: for a download, and for decoded base64.
    public var maximumFileSize: Int
    /// How long a download may take in all: name resolution, every redirect and the body.
    public var downloadTimeout: Duration
    /// How many redirects a download follows; each new location is checked as the first.
    public var maximumRedirects: Int
    /// The path of LibreOffice's `soffice`, which converts office documents, HTML, TIFF and
    /// WebP files to PDF; `nil` when it is not installed, and those files are refused.
    public var officeConverter: String?
    /// How long one conversion may take; LibreOffice is killed after that. Its first start
    /// on a machine can take 10 seconds or more.
    public var conversionTimeout: Duration

    /// Creates a policy; every limit has the default of ``standard``.
    public init(
        allowPrivateNetworks: Bool = false,
        trustedHosts: Set<String> = [],
        maximumFileSize: Int = 50 * 1024 * 1024,
        downloadTimeout: Duration = .seconds(30),
        maximumRedirects: Int = 5,
        officeConverter: String? = IntakePolicy.installedOfficeConverter(),
        conversionTimeout: Duration = .seconds(120)
    ) {
        self.allowPrivateNetworks = allowPrivateNetworks
        self.trustedHosts = trustedHosts
        self.maximumFileSize = maximumFileSize
        self.downloadTimeout = downloadTimeout
        self.maximumRedirects = maximumRedirects
        self.officeConverter = officeConverter
        self.conversionTimeout = conversionTimeout
    }

    /// Public addresses only, 50 MiB, 30 s per download, 5 redirects, LibreOffice when it is
    /// installed, 120 s per conversion.
    public static let standard = IntakePolicy()

    /// The first executable `soffice` in the directories of `searchPath` (a `PATH` value),
    /// else at the places LibreOffice installs it on Debian and macOS; `nil` when there is
    /// none.
    public static func installedOfficeConverter(searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        OfficeConverter.installedExecutable(searchPath: searchPath)
    }
}
