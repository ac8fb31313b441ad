extension NUXSession {
    /// A `GET {url}/authentication/token` request, which asks the server for an
    /// authentication token; give it to ``NUXTokenAuthenticator/setTokenFromRequest(_:)``,
    /// which adds the token's parameters.
    ///
    /// The request must authenticate otherwise: set its ``NUXRequest/username`` and
    /// ``NUXRequest/password``, or give the session a ``NUXBasicAuthenticator`` first.
    public func requestTokenAuthentication() -> NUXRequest {
        let request = request()
        request.url = URLPath.appending("authentication/token", to: URLPath.base(url))
        return request
    }
}
