import Foundation
import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

@Suite struct TemplateSyntaxTests {
    let context: JSONValue = [
        "name": "Ann <b>&", "items": ["a", "b", "c"], "empty": [], "zero": 0, "flag": true,
        "person": ["first": "Ann", "odd-name": "odd", "tags": ["x", "y"]], "map": ["k1": "v1", "k2": "v2"]
    ]

    @Test func textWithoutTagsIsUnchanged() throws {
        #expect(try render("plain { text } here", context: context) == "plain { text } here")
        #expect(try Template("no tags").isLiteral)
        #expect(try !Template("{{name}}").isLiteral)
    }

    @Test func withWireMock2EscapingDoubleBracesEscapeHTMLAndTripleBracesDoNot() throws {
        #expect(try render("{{name}}", context: context, escaping: .wiremock2) == "Ann &lt;b&gt;&amp;")
        #expect(try render("{{{name}}}", context: context, escaping: .wiremock2) == "Ann <b>&")
        #expect(try render("{{& name}}", context: context, escaping: .wiremock2) == "Ann <b>&")
        #expect(try render(#"{{'"q"=1'}}"#, context: context, escaping: .wiremock2) == "&quot;q&quot;&#x3D;1")
        #expect(try render(#"{{'it\'s `x`'}}"#, context: context, escaping: .wiremock2) == "it&#x27;s &#x60;x&#x60;")
    }

    @Test func wireMock3EscapesNothingByDefault() throws {
        #expect(try render("{{name}}", context: context) == "Ann <b>&")
        #expect(try render(#"{{'"q"=1'}}"#, context: context) == #""q"=1"#)
        #expect(try render(#"{{'it\'s `x`'}}"#, context: context) == "it's `x`")
    }

    @Test func pathsWithDotsIndexesAndOddNames() throws {
        #expect(try render("{{person.first}}", context: context) == "Ann")
        #expect(try render("{{person.[odd-name]}}", context: context) == "odd")
        #expect(try render("{{person.tags.[1]}}", context: context) == "y")
        #expect(try render("{{person.tags.1}}", context: context) == "y")
        #expect(try render("{{person/first}}", context: context) == "Ann")
        #expect(try render("{{items.[-1]}}", context: context) == "c")
        #expect(try render("{{missing.deeper}}|", context: context) == "|")
        #expect(try render("{{this.person.first}}", context: context) == "Ann")
    }

    @Test func literalsAndSubexpressions() throws {
        #expect(
            try render("{{'single'}} {{\"double\"}} {{42}} {{-1.5}} {{true}}", context: context)
                == "single double 42 -1.5 true")
        #expect(try render("{{upper (lower 'MiXeD')}}", context: context) == "MIXED")
        #expect(try render("{{size (array 1 2 (array 3 4))}}", context: context) == "3")
        #expect(try render(#"{{'it\'s'}}"#, context: context) == "it's")
    }

    @Test func ifElseIfChainsAndUnless() throws {
        let template = "{{#if zero}}zero{{else if flag}}flag{{else}}none{{/if}}"
        #expect(try render(template, context: context) == "flag")
        #expect(try render("{{#if empty}}yes{{else}}no{{/if}}", context: context) == "no")
        #expect(try render("{{#if zero includeZero=true}}yes{{/if}}", context: context) == "yes")
        #expect(try render("{{#unless flag}}a{{else}}b{{/unless}}", context: context) == "b")
        #expect(try render("{{^empty}}nothing{{/empty}}", context: context) == "nothing")
        #expect(try render("{{#if missing}}a{{^}}b{{/if}}", context: context) == "b")
    }

    @Test func eachGivesIndexFirstLastKeyAndThis() throws {
        #expect(
            try render(
                "{{#each items}}{{@index}}{{this}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}},{{/each}}",
                context: context) == "0aF,1b,2cL,")
        #expect(try render("{{#each map}}{{@key}}={{this}};{{/each}}", context: context) == "k1=v1;k2=v2;")
        #expect(try render("{{#each empty}}x{{else}}none{{/each}}", context: context) == "none")
        #expect(try render("{{#each items as |item i|}}{{i}}:{{item}} {{/each}}", context: context) == "0:a 1:b 2:c ")
        #expect(try render("{{#each items}}{{../name}}{{/each}}", context: ["items": [1], "name": "up"]) == "up")
        // Handlebars.java looks up names the context lacks in the parent contexts.
        #expect(try render("{{#each items}}{{zero}}{{/each}}", context: context) == "000")
    }

    @Test func withAndLookup() throws {
        #expect(try render("{{#with person}}{{first}}-{{tags.[0]}}{{/with}}", context: context) == "Ann-x")
        #expect(try render("{{#with missing}}a{{else}}b{{/with}}", context: context) == "b")
        #expect(try render("{{lookup person 'odd-name'}}", context: context) == "odd")
        #expect(try render("{{lookup items 2}}", context: context) == "c")
        #expect(try render("{{#each items}}{{@root.name}}{{/each}}", context: ["items": [1], "name": "r"]) == "r")
    }

    @Test func commentsRenderNothing() throws {
        #expect(try render("a{{! a comment }}b", context: context) == "ab")
        #expect(try render("a{{!-- has }} inside --}}b", context: context) == "ab")
    }

    @Test func tildeStripsWhitespaceOnItsSide() throws {
        #expect(try render("a  {{~name~}}  b", context: ["name": "X"]) == "aXb")
        #expect(try render("[\n  {{~#each items~}}\n  {{this}}\n  {{~/each~}}\n]", context: context) == "[abc]")
        #expect(try render("a {{!~ note ~}} b", context: context) == "a b")
    }

    @Test func escapedMustacheIsText() throws {
        #expect(try render(#"\{{name}}"#, context: context) == "{{name}}")
    }

    @Test func mustacheSectionsIterateOrScope() throws {
        #expect(try render("{{#items}}[{{this}}]{{/items}}", context: context) == "[a][b][c]")
        #expect(try render("{{#person}}{{first}}{{/person}}", context: context) == "Ann")
    }

    @Test func syntaxErrorsHaveLineAndColumn() throws {
        let unclosed = templateError("line one\n  {{#if x}}open")
        #expect(unclosed?.line == 2)
        #expect(unclosed?.column == 5)
        #expect(unclosed?.message.contains("{{/if}}") == true)

        let mismatch = templateError("{{#if a}}x{{/each}}")
        #expect(mismatch?.message == "found 'each', expected: 'if'")
        #expect(mismatch?.column == 13)

        let unknown = templateError("{{add 1 2}}")
        #expect(unknown?.message == "could not find helper: 'add'")
        #expect(unknown?.description == "[ERROR] 1:2: could not find helper: 'add'\n{{add 1 2}}\n  ^")

        #expect(templateError("{{name")?.message.contains("expected: '}}'") == true)
        #expect(templateError("{{'open}}") != nil)
        #expect(templateError("{{> partial}}")?.message.contains("partials") == true)
        #expect(templateError("{{else}}") != nil)
        #expect(templateError("{{/if}}") != nil)
        #expect(templateError("{{a.[b}}") != nil)
        #expect(templateError("{{(upper 'a')}}") != nil)
        #expect(templateError("{{upper (nohelper 1)}}")?.message == "could not find helper: 'nohelper'")
    }

    @Test func renderingErrorsCarryThePositionOfTheCall() throws {
        let error = templateError("ok\n  {{now format='qqq'}}")
        #expect(error?.line == 2)
        #expect(error?.column == 4)
        #expect(error?.message.contains("Illegal pattern character 'q'") == true)
    }

    @Test func garbageNeverCrashes() {
        for source in [
            "{{", "}}", "{{{", "{{{a}}", "{{#", "{{#each}}", "{{!--", "{{a b=}}", "{{a=1}}", "{{..}}", "{{@}}",
            "{{#if}}{{else}}{{else}}{{/if}}", "{{~}}", "{{[}}", "{{#each x as |}}{{/each}}", "\u{0}{{\u{0}}}"
        ] {
            _ = templateError(source)
        }
    }
}
