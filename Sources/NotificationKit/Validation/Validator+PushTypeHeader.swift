extension Validator {
    /// Says when the request has no `apns-push-type` and returns the push type assumed instead
    /// (nil when the header was given).
    ///
    /// APNs requires the header for watchOS 6+ and recommends it everywhere (apns-rules.md §7);
    /// without it some features may not work, so a request that stands for a real send (the API,
    /// an envelope line) gets a warning. The command line keeps its documented default quietly,
    /// and every report shows the assumption.
    func checkPushTypeHeader(_ headers: APNsHeaders, assumed: String, sink: inout DiagnosticSink)
        -> String?
    {
        guard headers.pushType == nil else { return nil }
        if reportsMissingPushType {
            sink.emit(
                .headerPushTypeMissing, "header:apns-push-type", at: nil,
                "No apns-push-type header; the payload was checked as \(assumed). APNs requires the header "
                    + "for watchOS and recommends it everywhere, and some features may not work without it.")
        }
        return assumed
    }
}
