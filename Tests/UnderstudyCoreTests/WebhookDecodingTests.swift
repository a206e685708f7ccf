import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// The typed view of `serveEventListeners` and `postServeActions`: the JSON stays as written.
@Suite struct WebhookDecodingTests {
    @Test func readsWireMock3sListenerWithEveryField() throws {
        let stub = try StubMapping(
            jsonText: #"""
                {"request": {"url": "/a"}, "response": {"status": 200},
                 "serveEventListeners": [
                   {"name": "some-extension", "parameters": {"x": 1}},
                   {"name": "webhook", "parameters": {"method": "POST", "url": "http://h/cb",
                     "headers": {"A": "1", "B": ["2", "3"]}, "body": "{{originalRequest.body}}",
                     "delay": {"type": "fixed", "milliseconds": 50}}}]}
                """#)

        #expect(
            stub.webhooks == [
                Webhook(
                    method: "POST", url: "http://h/cb",
                    headers: [NamedValues("A", ["1"]), NamedValues("B", ["2", "3"])],
                    body: .text("{{originalRequest.body}}"), delay: .fixed(milliseconds: 50))
            ])
    }

    @Test func readsWireMock2sTwoFormsWithGETAsTheDefaultMethod() throws {
        let list = try StubMapping(
            jsonText:
                #"{"postServeActions": [{"name": "webhook", "parameters": {"url": "http://h/1", "base64Body": "AAE="}}]}"#
        )
        let object = try StubMapping(
            jsonText:
                #"{"postServeActions": {"webhook": {"url": "http://h/2", "delay": {"type": "uniform", "lower": 1, "upper": 3}}}}"#
        )

        #expect(list.webhooks == [Webhook(url: "http://h/1", body: .binary(Data([0, 1])))])
        #expect(object.webhooks == [Webhook(url: "http://h/2", delay: .uniform(lower: 1, upper: 3))])
    }

    @Test(arguments: [
        (
            #"{"serveEventListeners": [{"name": "webhook", "parameters": {"method": "POST"}}]}"#,
            "/serveEventListeners/0/parameters/url"
        ),
        (#"{"serveEventListeners": [{"name": "webhook"}]}"#, "/serveEventListeners/0/parameters"),
        (
            #"{"postServeActions": {"webhook": {"url": "http://h", "delay": {"type": "sometimes"}}}}"#,
            "/postServeActions/webhook/delay/type"
        ),
        (
            #"{"postServeActions": [{"name": "webhook", "parameters": {"url": "http://h", "base64Body": "%%"}}]}"#,
            "/postServeActions/0/parameters/base64Body"
        ),
        (#"{"serveEventListeners": {"name": "webhook"}}"#, "/serveEventListeners")
    ])
    func aMalformedWebhookIsAnErrorAtItsPointer(_ json: String, _ pointer: String) {
        #expect {
            try StubMapping(jsonText: json)
        } throws: { error in
            (error as? MappingError)?.pointer == pointer
        }
    }

    @Test func aStubWithWebhooksWritesItsJSONBackExactly() throws {
        let text = #"""
            {"request": {"url": "/a"}, "response": {"status": 200},
             "serveEventListeners": [{"name": "webhook", "parameters": {"url": "http://h", "extra": [1, {"b": null}]}}],
             "postServeActions": {"webhook": {"url": "http://g", "headers": {"X": ["1", "2"]}}}}
            """#
        let stub = try StubMapping(jsonText: text)
        let written = stub.json

        #expect(written["serveEventListeners"] == (try JSONParser.parse(text))["serveEventListeners"])
        #expect(written["postServeActions"] == (try JSONParser.parse(text))["postServeActions"])
        #expect(try StubMapping(json: written) == stub)
    }

    @Test func theDSLWritesWireMock3sFormAndReadsItBack() throws {
        let hook = Webhook(
            method: "PUT", url: "http://h/{{originalRequest.path}}", headers: [NamedValues("A", ["1"])],
            body: .text("x"), delay: .lognormal(median: 10, sigma: 0.2, maxValue: nil))
        let stub = StubMapping().webhook(hook).webhook(Webhook(url: "http://h/2", body: .binary(Data([7]))))

        #expect(
            try StubMapping(json: stub.json).webhooks == [hook, Webhook(url: "http://h/2", body: .binary(Data([7])))])
    }
}
