/** A fighter being changed by one resolution, and the resolution it writes (resolving and the room only). */

import type { Fighter, FighterChange, Resolution } from '../../engine/types.ts'
import type { BreakdownLine } from '../../system.ts'
import { type Condition, SETTINGS, type ZonesState } from './combat.ts'
import * as zones from './rules.ts'

/** A fighter being changed by one resolution: live health and state, written back at the end. */
export class Live {
  hp: number
  state: ZonesState
  constructor(readonly f: Fighter) {
    this.hp = f.hp
    this.state = JSON.parse(JSON.stringify(f.state)) as ZonesState
  }

  addCondition(id: Condition['id'], label: string): void {
    this.state.conditions = [...(this.state.conditions ?? []), { id, label, rounds: 1 }]
  }

  /** A reaction takes the target's whole turn. */
  reacts(defense: string | null): void {
    if (defense !== null) this.addCondition('reacted', 'Reacted')
  }

  /** Gear used in this fight, rolled for durability after it ("Combat gear degradation"). */
  use(...ids: string[]): void {
    const used = this.state.used ?? []
    this.state.used = [...used, ...ids.filter((id) => !used.includes(id))]
  }

  /** A blow lands on them, through the armour and shield they wear (used in this fight), destroying damaged gear at 8+. */
  struck(blow: zones.DamageResult, sheet: zones.Sheet): string {
    this.use(...(sheet.armor > 0 ? ['armor'] : []), ...(sheet.shield ? ['shield'] : []))
    return this.suffer(blow.suffered, blow.gearDestroyed)
  }

  /** Damage after armour: health never below 0; at 0 incapacitated (the adapter's 'at-zero'). */
  suffer(damage: number, gear: 'shield' | 'armor' | null = null): string {
    const after = zones.applyDamage(this.hp, this.f.maxHp, damage, SETTINGS.incapacitation)
    this.hp = after.health
    if (gear) this.state.gearDestroyed = [...(this.state.gearDestroyed ?? []), gear]
    if (damage > 0 && (this.state.morale === 'broken' || this.state.surrendering)) {
      // "Surrendering characters who are harmed by the enemy can resume fighting normally."
      const back = zones.harmedWhileSurrendering({
        surrendering: true,
        brokeMorale: this.state.morale === 'broken',
      })
      if (!back.brokeMorale && this.state.morale === 'broken') delete this.state.morale
      if (!back.surrendering) delete this.state.surrendering
    }
    if (after.incapacitated === true && !this.state.down) this.state.down = 'incapacitated'
    const gearText = gear ? ` (their damaged ${gear === 'armor' ? 'armour' : gear} is destroyed)` : ''
    return `${this.f.name} takes ${damage}${gearText}${this.state.down === 'incapacitated' ? ': incapacitated' : ''}`
  }

  change(): FighterChange {
    return { hp: this.hp, state: this.state as Record<string, unknown> }
  }
}

/** A resolution of these lines and words, with the change of each fighter it touched. */
export function resolution(lines: BreakdownLine[], summary: string, ...live: Live[]): Resolution {
  return { lines, summary, changes: Object.fromEntries(live.map((l) => [l.f.id, l.change()])) }
}
