import HTTPKit
import Storage
import Templates

/// The HTML pages of CONTRACT §7.
struct PagesSite: Sendable {
    let store: Store
    let pages: PageRenderer

    /// Adds the page routes.
    func register(in router: inout DashboardRoutes) {
        router.get("/", .viewer) { _, _ in
            let values: [String: TemplateValue] = [
                "categoryCount": .int(try store.categories.registry().categories.count),
                "notificationCount": .int(try store.notifications.count()),
            ]
            return try pages.page("index", title: "Overview", section: .overview, values: values)
        }
    }
}
