/**
 * Opens a group file that `cardsmith export --format jbt` wrote with Jeff's BattleTech
 * Tools' own classes, and prints what JBT makes of each member: the check that JBT reads
 * cardsmith's files as cardsmith meant them.
 *
 * This script holds none of JBT's code: it loads it from a checkout you give it.
 *
 *   npm install tsx fast-xml-parser     # once, in any folder (NODE_PATH points there)
 *   NODE_PATH=<that folder>/node_modules npx tsx tools/jbt/read_export.ts JBT_CHECKOUT GROUP.json
 *
 * One line per member: MUL id | name | custom name | skill | ability ids (JBT's three
 * slots after it works the unit out) | formation of the group.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

const [checkout, file] = process.argv.slice(2);
if (!checkout || !file) {
    console.error("usage: npx tsx tools/jbt/read_export.ts JBT_CHECKOUT GROUP.json");
    process.exit(2);
}

// JBT keeps its saves in the browser's localStorage; nothing is saved here.
(globalThis as any).localStorage = {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
};

const src = (rel: string) => pathToFileURL(path.join(checkout, "src", rel)).href;

async function main() {
    const AlphaStrikeGroup = (await import(src("classes/alpha-strike-group.ts"))).default;
    // The favourite group's import: new AlphaStrikeGroup(JSON.parse(file)).
    const group = new AlphaStrikeGroup(JSON.parse(fs.readFileSync(file, "utf-8")));
    console.log(
        `group: ${group.customName} | formation: ${group.formationBonus?.Name ?? "None"} | ` +
            `members: ${group.members.length}`,
    );
    for (const member of group.members) {
        member.calcCurrentValues();
        const slots = [
            member.currentPilotAbilityID,
            member.currentPilotAbilityID2,
            member.currentPilotAbilityID3,
        ];
        console.log(
            [
                member.mulID,
                member.name,
                member.customName,
                `skill ${member.currentSkill}`,
                `abilities ${JSON.stringify(slots)}`,
            ].join(" | "),
        );
    }
}

main().catch((error) => {
    console.error(error);
    process.exit(1);
});
