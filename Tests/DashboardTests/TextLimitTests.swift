import Foundation
import HTTPKit
import Testing

@testable import Dashboard

/// Issue 23 item 10: the texts of a category have caps, and so has the whole registry; each is a
/// 422 with `categories.text-too-long` (or `categories.registry-too-large`) naming the field.
@Suite struct TextLimitTests {
    static let headers: HTTPHeaders = ["Host": "127.0.0.1:8080", "Content-Type": "application/json"]

    /// One action whose member `json` (a fragment) is spliced in, and the path it is reported at.
    static let cases: [(fragment: String, path: String)] = [
        (#""title":"\#(String(repeating: "x", count: 257))""#, "$.actions[0].title"),
        (
            #""title":"R","textInput":{"buttonTitle":"\#(String(repeating: "é", count: 129))"}"#,
            "$.actions[0].textInput.buttonTitle"
        ),
        (
            #""title":"R","textInput":{"buttonTitle":"Send","placeholder":"\#(String(repeating: "x", count: 513))"}"#,
            "$.actions[0].textInput.placeholder"
        ),
        (
            #""title":"R","icon":{"systemImageName":"\#(String(repeating: "x", count: 257))"}"#,
            "$.actions[0].icon.systemImageName"
        ),
    ]

    @Test(arguments: cases)
    func anOverlongActionTextIsA422NamingItsField(fragment: String, path: String) throws {
        let fixture = try DashboardFixture()
        let body = #"{"identifier":"c","actions":[{"identifier":"a",\#(fragment)}]}"#
        let answer = fixture.send(.put, "/api/v1/categories/c", body: body, headers: Self.headers)
        #expect(answer.status == .unprocessableContent)
        let text = DashboardFixture.text(answer)
        #expect(text.contains("categories.text-too-long"))
        #expect(text.contains(#""path":"\#(path)""#), "\(text.prefix(400))")
        #expect(DashboardFixture.text(fixture.send(.get, "/api/v1/categories")) == #"{"categories":[]}"#)
    }

    @Test(arguments: ["hiddenPreviewsBodyPlaceholder", "categorySummaryFormat"])
    func anOverlongCategoryTextIsA422NamingItsField(field: String) throws {
        let fixture = try DashboardFixture()
        let long = "%u " + String(repeating: "x", count: 510)
        let body = #"{"identifier":"c","actions":[],"\#(field)":"\#(long)"}"#
        let answer = fixture.send(.put, "/api/v1/categories/c", body: body, headers: Self.headers)
        #expect(answer.status == .unprocessableContent)
        #expect(DashboardFixture.text(answer).contains(#""path":"$.\#(field)""#))
        let fits = #"{"identifier":"c","actions":[],"\#(field)":"\#(long.dropLast())"}"#
        #expect(
            fixture.send(.put, "/api/v1/categories/c", body: fits, headers: Self.headers).status == .created)
    }

    @Test func textsAtTheirCapsAreKept() throws {
        let fixture = try DashboardFixture()
        let title = String(repeating: "ž", count: 128)
        let body =
            #"{"identifier":"c","actions":[{"identifier":"a","title":"\#(title)","textInput":"#
            + #"{"buttonTitle":"\#(title)","placeholder":"\#(String(repeating: "x", count: 512))"}}]}"#
        #expect(
            fixture.send(.put, "/api/v1/categories/c", body: body, headers: Self.headers).status == .created)
    }

    @Test func aRegistryOverOneMebibyteIsRefusedAndOneCategoryMoreCannotGrowIt() throws {
        let fixture = try DashboardFixture()
        func category(_ number: Int) -> String {
            let actions = (0..<10).map { action in
                #"{"identifier":"c\#(number)a\#(action)","title":"\#(String(repeating: "t", count: 250))","#
                    + #""textInput":{"buttonTitle":"\#(String(repeating: "b", count: 250))","#
                    + #""placeholder":"\#(String(repeating: "p", count: 500))"}}"#
            }
            return #"{"identifier":"c\#(number)","actions":[\#(actions.joined(separator: ","))]}"#
        }
        let whole = (0..<100).map(category).joined(separator: ",")
        let answer = fixture.send(
            .put, "/api/v1/categories", body: #"{"categories":[\#(whole)]}"#, headers: Self.headers)
        #expect(answer.status == .unprocessableContent)
        #expect(DashboardFixture.text(answer).contains("categories.registry-too-large"))
        let fits = (0..<80).map(category).joined(separator: ",")
        #expect(
            fixture.send(
                .put, "/api/v1/categories", body: #"{"categories":[\#(fits)]}"#, headers: Self.headers
            )
            .status == .ok)
        var refused = false
        for number in 80..<100 where !refused {
            let one = fixture.send(
                .put, "/api/v1/categories/c\(number)", body: category(number), headers: Self.headers)
            refused = one.status == .unprocessableContent
            if refused { #expect(DashboardFixture.text(one).contains("categories.registry-too-large")) }
        }
        #expect(refused)
    }
}
