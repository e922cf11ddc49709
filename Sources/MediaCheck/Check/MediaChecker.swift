/// Checks media URLs the way a notification service extension would download them, and keeps
/// what the preview needs: the reports for a short while, and the copies of checked images.
///
/// Shared by every worker thread: the caches are locked, and at most
/// `configuration.concurrentChecks` checks download at once.
public final class MediaChecker: Sendable {
    /// The settings the checker was made with.
    public let configuration: MediaCheckConfiguration
    /// Copies of checked images, served to the dashboard's own preview.
    public let images: ImageCache
    /// The rule every address passes before a connection.
    let addressGuard: AddressGuard
    /// Name lookups, bounded in time.
    let resolver: HostResolver
    private let results: ResultCache
    private let limiter: CheckLimiter

    /// A checker with empty caches.
    public init(configuration: MediaCheckConfiguration = MediaCheckConfiguration()) {
        self.configuration = configuration
        self.images = ImageCache(capacity: configuration.imageCacheCapacity)
        self.addressGuard = AddressGuard(allowsPrivate: configuration.allowsPrivateAddresses)
        self.resolver = HostResolver()
        self.results = ResultCache(lifetime: configuration.resultLifetime)
        self.limiter = CheckLimiter(capacity: configuration.concurrentChecks)
    }

    /// The report on `url`: a recent one from the cache, or a new check. Throws `busy` when
    /// the maximum number of checks is already running.
    public func check(_ url: String) throws(MediaCheckBusy) -> MediaReport {
        if let cached = results.report(for: url) { return cached }
        guard let report = limiter.run({ run(url) }) else { throw MediaCheckBusy() }
        results.store(report)
        return report
    }

    /// The recent report on `url`, without checking: what the preview uses while it waits.
    public func recentReport(for url: String) -> MediaReport? {
        results.report(for: url)
    }

    /// The last report on `url` even when older than `configuration.resultLifetime`: a page
    /// that checked the URL keeps its result until it checks again, rather than forgetting it
    /// when the reuse window ends.
    public func lastReport(for url: String) -> MediaReport? {
        results.latest(for: url)
    }

    /// One whole check: the address guard before every request, at most three redirects,
    /// then the body's findings.
    func run(_ text: String) -> MediaReport {
        var report = MediaReport(url: text)
        guard var url = MediaURL(text) else {
            report.add(
                .invalidURL,
                "\"\(text.prefix(80))\" is not an absolute https URL with a host (user info, spaces and "
                    + "backslashes are not allowed).")
            return report
        }
        let start = ContinuousClock.now
        var visited: Set<String> = [url.text]
        for hop in 0...MediaCheckConfiguration.redirectLimit {
            guard url.scheme == "https" else {
                report.add(
                    .notHTTPS,
                    (hop == 0 ? "The URL" : "The redirect to \(url)") + " uses http; the service extension "
                        + "downloads only over https (App Transport Security), so nothing is attached.")
                return report
            }
            guard let address = vet(url, into: &report, within: configuration.connectTimeout) else {
                return report
            }
            let elapsed = ContinuousClock.now - start
            let remaining = configuration.totalTimeout - Int(elapsed / .milliseconds(1))
            guard remaining > 0 else {
                report.add(
                    .timeout, "The check ran out of time (\(configuration.totalTimeout) ms) while redirected."
                )
                return report
            }
            let request = TransferRequest(
                url: url, pinned: address, connectTimeout: min(configuration.connectTimeout, remaining),
                totalTimeout: remaining, caFile: configuration.caFile)
            let result = CurlTransfer.perform(request)
            report.finalURL = url.text
            report.address = address.description
            if let failure = result.failure {
                report.add(failure, url: url, configuration: configuration)
                return report
            }
            report.status = result.status
            if [301, 302, 303, 307, 308].contains(result.status), let location = result.location {
                guard let next = url.following(location) else {
                    report.add(
                        .invalidURL, "The redirect's Location \"\(location.prefix(80))\" is not a usable URL."
                    )
                    return report
                }
                guard hop < MediaCheckConfiguration.redirectLimit, !visited.contains(next.text) else {
                    let loop =
                        visited.contains(next.text)
                        ? "a redirect loop back to \(next)" : "more than 3 redirects"
                    report.add(.tooManyRedirects, "Stopped at \(loop); iOS gives up the same way.")
                    return report
                }
                report.add(.redirect, "\(result.status) redirect to \(next).")
                report.redirects.append(next.text)
                visited.insert(next.text)
                url = next
                continue
            }
            guard (200..<300).contains(result.status) else {
                report.add(
                    .status, "The server answered \(result.status); iOS attaches only a successful download.")
                return report
            }
            inspect(result, into: &report)
            return report
        }
        return report
    }

    /// The one address a request to `url` may use, after the guard passed every address the
    /// host stands for; nil (with the finding recorded) otherwise.
    func vet(_ url: MediaURL, into report: inout MediaReport, within milliseconds: Int = 3000) -> IPAddress? {
        let addresses: [IPAddress]
        if let literal = url.literal {
            addresses = [literal]
        } else {
            switch resolver.lookUp(url.host, within: milliseconds) {
            case .resolved(let resolved):
                addresses = resolved
            case .unknown:
                report.add(.dns, "The host \"\(url.host)\" does not resolve.")
                return nil
            case .timedOut:
                report.add(.timeout, "The name \"\(url.host)\" did not resolve within \(milliseconds) ms.")
                return nil
            }
        }
        for address in addresses {
            if let refused = addressGuard.refusal(for: address) {
                let name = url.literal == nil ? "\"\(url.host)\" resolves to \(address), " : "\(address) is "
                report.add(
                    .addressRefused,
                    name + "\(refused.phrase); the dashboard does not fetch from non-public addresses"
                        + (refused.allowedForTesting ? " unless started with --allow-private-media." : "."))
                return nil
            }
        }
        return addresses.first
    }
}

/// The answer when every check slot is taken: try again in a moment.
public struct MediaCheckBusy: Error, Sendable {}
