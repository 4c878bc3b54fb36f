/**
 * Makes the Jeff's BattleTech Tools files under tests/fixtures/jbt/ with that app's own
 * classes and export code, so cardsmith's JBT reader is tested on what JBT really writes.
 *
 * This script holds none of JBT's code: it loads it from a checkout you give it.
 *
 *   npm install tsx                 # once, anywhere on the machine
 *   npx tsx tools/jbt/make_fixtures.ts JBT_CHECKOUT UNITS_JSON OUT_DIR
 *
 * JBT_CHECKOUT  a clone of https://github.com/jdgwf/battletech-tools (its src/ is used)
 * UNITS_JSON    a MUL QuickList dump ({"Units": [...]}), e.g. ../shared/mul/units.json
 * OUT_DIR       where the three files go (tests/fixtures/jbt)
 *
 * Files written (the fixed ids and dates below keep them stable from run to run):
 *   group-sparkys-lance.json   a favourite group, as its "export" (download) button writes it
 *   force-two-groups.json      the current Alpha Strike force (AlphaStrikeForce.export())
 *   backup-and-restore.json    Settings > Backup and Restore (getFullBackup) holding two
 *                              favourite groups and that force
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";

const [checkout, unitsJson, outDir] = process.argv.slice(2);
if (!checkout || !unitsJson || !outDir) {
    console.error("usage: npx tsx tools/jbt/make_fixtures.ts JBT_CHECKOUT UNITS_JSON OUT_DIR");
    process.exit(2);
}

// JBT keeps its saves in the browser's localStorage; give it an in-memory one.
const store = new Map<string, string>();
(globalThis as any).localStorage = {
    getItem: (k: string) => (store.has(k) ? store.get(k)! : null),
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
};

// Stable output: JBT draws uuids from Math.random and stamps dates with new Date().
let seed = 1;
Math.random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const FIXED = new Date("2026-01-15T12:00:00.000Z").getTime();
const RealDate = Date;
(globalThis as any).Date = class extends RealDate {
    constructor(...args: any[]) {
        super(...((args.length ? args : [FIXED]) as []));
    }
    static now() {
        return FIXED;
    }
};

const src = (rel: string) => pathToFileURL(path.join(checkout, "src", rel)).href;

async function main() {
    const { AlphaStrikeUnit } = await import(src("classes/alpha-strike-unit.ts"));
    const AlphaStrikeGroup = (await import(src("classes/alpha-strike-group.ts"))).default;
    const AlphaStrikeForce = (await import(src("classes/alpha-strike-force.ts"))).default;
    const { formationBonuses } = await import(src("data/formation-bonuses.ts"));
    const saves = await import(src("dataSaves.ts"));

    const records = new Map<number, any>(
        JSON.parse(fs.readFileSync(unitsJson, "utf-8")).Units.map((u: any) => [u.Id, u]),
    );

    // One unit as a player adds it in JBT: from the MUL record, then skill, pilot and SPAs
    // (JBT's three ability slots, unused ones 0, as its pilot editor leaves them).
    // JBT's roster has no pilot name field; a player names a unit with its custom name.
    function unit(mulId: number, skill: number, abilities: number[] = [], customName = "") {
        const record = records.get(mulId);
        if (!record) throw new Error(`MUL ${mulId} is not in ${unitsJson}`);
        const made = new AlphaStrikeUnit();
        made.importMUL(JSON.parse(JSON.stringify(record)));
        made.setSkill(skill);
        const slots = [...abilities, 0, 0, 0].slice(0, 3);
        made.currentPilotAbilityID = slots[0];
        made.currentPilotAbilityID2 = slots[1];
        made.currentPilotAbilityID3 = slots[2];
        made.customName = customName;
        return made;
    }

    function group(name: string, label: string, formation: string, members: any[]) {
        const made = new AlphaStrikeGroup();
        made.customName = name;
        made.groupLabel = label;
        for (const member of members) made.members.push(member);
        made.sortUnits();
        made.formationBonus = formationBonuses.find((f: any) => f.Name === formation);
        return made;
    }

    // Sniper is ability 45, Speed Demon 46, Lucky (2) 28, Marksman 32 (JBT's own numbers).
    const sparky = group("Sparky's Lance", "Lance", "Battle Lance", [
        unit(140, 3, [45], 'Shane "Icon" Irwin'),
        unit(1302, 4, [46, 28], "Ана Кравец"),
        unit(3573, 2, [], "José Núñez"),
        unit(1295, 5),
    ]);
    const fire = group("Fire Support", "Lance", "None", [
        unit(2846, 4, [32], "Dana Okafor"),
        unit(1630, 3),
        unit(9494, 4),
    ]);

    fs.mkdirSync(outDir, { recursive: true });
    const write = (name: string, text: string) => fs.writeFileSync(path.join(outDir, name), text);

    // The favourite group's download button: JSON.stringify(group.export()).
    write("group-sparkys-lance.json", JSON.stringify(sparky.export()));

    const force = new AlphaStrikeForce();
    force.groups = [sparky, fire];
    write("force-two-groups.json", JSON.stringify(force.export()));

    const settings = { storageLocation: saves.ESaveDataMode.localStorage };
    saves.saveFavoriteASGroupsObjects(settings, [sparky, fire]);
    saves.saveCurrentASForce(settings, force.export());
    write("backup-and-restore.json", await saves.getFullBackup(settings));
}

main().catch((error) => {
    console.error(error);
    process.exit(1);
});
