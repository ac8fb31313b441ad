import HTTPSupport

/// The Telemetry module's HTML templates, from `Sources/Telemetry/Resources`: the console's
/// pages (put in ``TelemetryConsoleLayout``'s skeleton) and the intdash OAuth2 pages (put in
/// ``OAuth2PageLayout``'s document), with the partials they share.
enum TelemetryTemplates {
    /// The templates, each by its file's name without `.mustache`.
    static let all = PageTemplates([
        "live-view-page": PackageResources.live_view_page_mustache,
        "measurement-details-page": PackageResources.measurement_details_page_mustache,
        "measurement-list-page": PackageResources.measurement_list_page_mustache,
        "measurement-table": PackageResources.measurement_table_mustache,
        "oauth2-consent-page": PackageResources.oauth2_consent_page_mustache,
        "oauth2-error-page": PackageResources.oauth2_error_page_mustache,
        "oauth2-hidden-fields": PackageResources.oauth2_hidden_fields_mustache,
        "oauth2-page": PackageResources.oauth2_page_mustache,
        "oauth2-sign-in-page": PackageResources.oauth2_sign_in_page_mustache,
        "telemetry-overview-page": PackageResources.telemetry_overview_page_mustache,
        "telemetry-plot-figure": PackageResources.telemetry_plot_figure_mustache,
    ])
}
