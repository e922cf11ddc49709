import MediaCheck
import NotificationKit
import NotificationPreview

/// What the composer knows about the payload's media: the recent check of its URL, and
/// whether iOS will really attach it. The one place for "really attached": an https URL,
/// `mutable-content: 1` (else the service extension never runs) and a check that passed.
struct ComposerMedia: Sendable {
    /// The payload's media URL, if it has one.
    let url: String?
    /// `aps.mutable-content` is 1.
    let mutableContent: Bool
    /// The recent check of `url`, if there is one.
    let report: MediaReport?

    /// The media of `payload`, with the checker's recent report on its URL; `checkNow` runs a
    /// check first ("Check media" without JavaScript), and a busy checker is `busy`.
    /// `keepsLastCheck` (the live update of a page that checked the URL) uses the last report
    /// even past the reuse window: the page re-checks quietly, and until then the check holds.
    init(
        payload: NotificationPayload, checker: MediaChecker?, checkNow: Bool = false,
        keepsLastCheck: Bool = false
    ) {
        url = payload.mediaURL
        mutableContent = payload.aps?.mutableContent == 1
        var report: MediaReport?
        var busy = false
        if let url, let checker {
            if checkNow {
                do { report = try checker.check(url) } catch { busy = true }
            } else if keepsLastCheck {
                report = checker.lastReport(for: url)
            } else {
                report = checker.recentReport(for: url)
            }
        }
        self.report = report
        self.busy = busy
    }

    /// Whether a "Check media" found every check slot taken.
    let busy: Bool

    /// Media facts as they are (for tests and callers that already hold a report).
    init(url: String?, mutableContent: Bool, report: MediaReport?, busy: Bool = false) {
        self.url = url
        self.mutableContent = mutableContent
        self.report = report
        self.busy = busy
    }

    /// Whether iOS will show the attachment.
    var attached: Bool {
        guard let report, report.passed, mutableContent, url.flatMap(AbsoluteURL.init)?.scheme == "https"
        else {
            return false
        }
        return true
    }

    /// Whether this server could not reach the media host at all while the rest would let iOS
    /// attach it: the device downloads it over its own network, so the previews draw an image
    /// as the device would (without its real size) and say it was not fetched from here.
    var unfetched: Bool {
        guard let report, report.unreachable, mutableContent, url.flatMap(AbsoluteURL.init)?.scheme == "https"
        else {
            return false
        }
        return true
    }

    /// What the preview draws: the checked kind with the real aspect ratio when it will be
    /// attached, an image of the usual 2:1 when the host could not be reached from here,
    /// otherwise nothing at all, as on the device.
    var previewMedia: PreviewMedia {
        if unfetched { return .image(aspectRatio: nil) }
        guard attached, let kind = report?.kind else { return .none }
        switch kind {
        case .image: return .image(aspectRatio: report?.image?.aspectRatio)
        case .video: return .video(aspectRatio: report?.image?.aspectRatio)
        case .audio: return .audio
        }
    }

    /// The dashboard's copy of the image, when it will be attached and a copy is kept.
    var imagePath: String? {
        guard attached else { return nil }
        return report?.imageDigest.map(MediaCopies.path(for:))
    }
}
