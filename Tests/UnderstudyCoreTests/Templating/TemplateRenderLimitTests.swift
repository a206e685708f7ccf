import Foundation
import Testing

@testable import UnderstudyCore
@testable import UnderstudyTemplating

/// Loops multiply (`each` in `each` over `range`) and `assign` in a loop can double a string
/// each pass: a render stops with an error at its limits instead of holding a thread or the
/// memory. Small limits here keep the tests fast; the standard ones are far larger.
@Suite struct TemplateRenderLimitTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let small = TemplateRenderLimits(steps: 10_000, outputBytes: 4_096)

    @Test func nestedLoopsOverEmptyBodiesStopAtTheStepLimit() throws {
        let template = try Template("{{#each (range 0 999)}}{{#each (range 0 999)}}{{/each}}{{/each}}")
        #expect(throws: TemplateError.self) { try template.render(context: [:], now: now, limits: small) }
    }

    @Test func theErrorSaysWhichLimitAndWhere() throws {
        let template = try Template("{{#each (range 0 999)}}{{#each (range 0 999)}}x{{/each}}{{/each}}")
        do {
            _ = try template.render(
                context: [:], now: now, limits: TemplateRenderLimits(steps: 10_000_000, outputBytes: 4_096))
            Issue.record("rendered past the output limit")
        } catch {
            #expect(error.message == "template output exceeds 4096 bytes")
            #expect(error.line == 1)
        }
    }

    @Test func aStringDoubledByAssignStopsAtTheOutputLimit() throws {
        let template = try Template(
            "{{assign 'x' 'ab'}}{{#each (range 0 64)}}{{assign 'x' (join x x '')}}{{/each}}{{size x}}")
        do {
            _ = try template.render(context: [:], now: now, limits: small)
            Issue.record("the doubled string was not stopped")
        } catch {
            #expect(error.message == "'join' gives more than 4096 bytes")
        }
    }

    @Test func workWithinTheLimitsRenders() throws {
        let template = try Template("{{#each (range 0 9)}}{{this}}{{/each}}")
        #expect(try template.render(context: [:], now: now, limits: small) == "0123456789")
    }

    @Test func theStandardLimitsLeaveRoomForTheLongestRange() throws {
        // range's own maximum is 100,000 numbers; looping over all of them must still render.
        let output = try Template("{{#each (range 0 99999)}}.{{/each}}").render(context: [:], now: now)
        #expect(output.utf8.count == 100_000)
    }
}
