/// One page of a history (a notification's or a category's revisions), newest first, and how
/// many revisions there are in all: no answer grows with the history (issue 23: a category with
/// 1 000 revisions made a 361 KB page).
public struct RevisionPage<Revision: Equatable & Sendable>: Equatable, Sendable {
    /// The revisions of this page, newest first.
    public let revisions: [Revision]
    /// The revision just older than the page's last one, if any: what its "changed" is
    /// computed against.
    public let older: Revision?
    /// How many revisions there are in all.
    public let total: Int

    /// The page of `rows` read with `limit + 1` (the extra row, when there is one, is `older`).
    init(rows: [Revision], limit: Int, total: Int) {
        revisions = Array(rows.prefix(limit))
        older = rows.count > limit ? rows[limit] : nil
        self.total = total
    }

    /// Each revision of the page with the one before it (nil for the first ever saved).
    public var withPrevious: [(revision: Revision, previous: Revision?)] {
        revisions.enumerated().map { index, revision in
            (revision, index + 1 < revisions.count ? revisions[index + 1] : older)
        }
    }
}
