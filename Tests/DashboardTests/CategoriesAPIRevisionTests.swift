import HTTPKit
import Testing

/// `ETag` and `If-Match` on the category registry, as for notifications.
@Suite struct CategoriesAPIRevisionTests {
    private static let message = #"{"identifier":"message","actions":[{"identifier":"reply","title":"A"}]}"#
    private static func message(title: String) -> String {
        message.replacingOccurrences(of: #""title":"A""#, with: #""title":"\#(title)""#)
    }

    @Test func oneCategoryHasAnETagThatEveryWriteMoves() throws {
        let fixture = try DashboardFixture()
        #expect(fixture.send(.get, "/api/v1/categories/message").status == .notFound)
        let created = fixture.send(.put, "/api/v1/categories/message", body: Self.message)
        #expect(created.status == .created)
        #expect(created.headers["ETag"] == #""r1""#)
        let read = fixture.send(.get, "/api/v1/categories/message")
        #expect(read.status == .ok)
        #expect(read.headers["ETag"] == #""r1""#)
        #expect(DashboardFixture.text(read).contains(#""title":"A""#))
        let replaced = fixture.send(
            .put, "/api/v1/categories/message", body: Self.message(title: "B"),
            headers: ["If-Match": #""r1""#])
        #expect(replaced.status == .ok)
        #expect(replaced.headers["ETag"] == #""r2""#)
    }

    @Test(arguments: [#""r1""#, #""r9""#, "W/\"r2\"", "r2"])
    func aStaleIfMatchIs412AndChangesNothing(_ tag: String) throws {
        let fixture = try DashboardFixture()
        _ = fixture.send(.put, "/api/v1/categories/message", body: Self.message)
        _ = fixture.send(.put, "/api/v1/categories/message", body: Self.message(title: "B"))
        let refused = fixture.send(
            .put, "/api/v1/categories/message", body: Self.message(title: "C"), headers: ["If-Match": tag])
        #expect(refused.status == .preconditionFailed)
        #expect(DashboardFixture.text(refused).contains(#""code":"precondition-failed""#))
        let deleteRefused = fixture.send(.delete, "/api/v1/categories/message", headers: ["If-Match": tag])
        #expect(deleteRefused.status == .preconditionFailed)
        let registryRefused = fixture.send(
            .put, "/api/v1/categories", body: #"{"categories":[]}"#, headers: ["If-Match": tag])
        #expect(registryRefused.status == .preconditionFailed)
        let read = fixture.send(.get, "/api/v1/categories/message")
        #expect(read.headers["ETag"] == #""r2""#)
        #expect(DashboardFixture.text(read).contains(#""title":"B""#))
    }

    @Test(arguments: ["*", #""r1", "r2""#, #""r2""#])
    func aMatchingIfMatchWrites(_ tag: String) throws {
        let fixture = try DashboardFixture()
        _ = fixture.send(.put, "/api/v1/categories/message", body: Self.message)
        _ = fixture.send(.put, "/api/v1/categories/message", body: Self.message(title: "B"))
        let registry = fixture.send(.get, "/api/v1/categories")
        #expect(registry.headers["ETag"] == #""r2""#)
        #expect(
            fixture.send(
                .put, "/api/v1/categories/message", body: Self.message(title: "C"), headers: ["If-Match": tag]
            )
            .status == .ok)
        #expect(
            fixture.send(.delete, "/api/v1/categories/message", headers: ["If-Match": "*"]).status
                == .noContent)
        #expect(
            fixture.send(.delete, "/api/v1/categories/message", headers: ["If-Match": "*"]).status
                == .notFound)
    }

    @Test func ifMatchStarOnAMissingCategoryIs412() throws {
        let fixture = try DashboardFixture()
        let refused = fixture.send(
            .put, "/api/v1/categories/message", body: Self.message, headers: ["If-Match": "*"])
        #expect(refused.status == .preconditionFailed)
        #expect(fixture.send(.get, "/api/v1/categories/message").status == .notFound)
    }

    @Test func theRegistryETagGuardsTheWholeRegistry() throws {
        let fixture = try DashboardFixture()
        let config = #"{"categories":[\#(Self.message)]}"#
        #expect(fixture.send(.get, "/api/v1/categories").headers["ETag"] == #""r0""#)
        let stale = fixture.send(.put, "/api/v1/categories", body: config, headers: ["If-Match": #""r1""#])
        #expect(stale.status == .preconditionFailed)
        let first = fixture.send(.put, "/api/v1/categories", body: config, headers: ["If-Match": #""r0""#])
        #expect(first.status == .ok)
        #expect(first.headers["ETag"] == #""r1""#)
        let checked = fixture.send(.put, "/api/v1/categories", body: config, headers: ["If-Match": #""r1""#])
        #expect(checked.status == .ok)
        #expect(checked.headers["ETag"] == #""r2""#)
    }
}
