import { InitialReadModels1763780000000 } from './1763780000000-initial-read-models.js';
import { CheckpointFailures1764520000000 } from './1764520000000-checkpoint-failures.js';
import { AdminListIndexes1764600000000 } from './1764600000000-admin-list-indexes.js';
import { DashboardGovernorates1764650000000 } from './1764650000000-dashboard-governorates.js';
import { EventStoreIdentity1764700000000 } from './1764700000000-event-store-identity.js';
import { CodOutcomes1765100000000 } from './1765100000000-cod-outcomes.js';
import { OrderItemPriceRules1765300000000 } from './1765300000000-order-item-price-rules.js';
import { FunnelCarts1765300000001 } from './1765300000001-funnel-carts.js';
import { PersonalDataSubjects1765400000000 } from './1765400000000-personal-data-subjects.js';
import { StaffMembers1765500000000 } from './1765500000000-staff-members.js';
import { FoldedSearchText1765500000000 } from './1765500000000-folded-search-text.js';
import { ArabicCatalogue1765500000001 } from './1765500000001-arabic-catalogue.js';
import { RevenueFigures1765500000000 } from './1765500000000-revenue-figures.js';
import { StaffSessionsAndSecondFactors1765600000000 } from './1765600000000-staff-sessions-and-second-factors.js';
import { StaffActivity1765600100000 } from './1765600100000-staff-activity.js';
import { BilingualContentFoldedCustomers1765600200000 } from './1765600200000-bilingual-content-folded-customers.js';
import { PromoCodeRules1765600400000 } from './1765600400000-promo-code-rules.js';
import { OrderScreening1765700100000 } from './1765700100000-order-screening.js';
import { DiscountWindows1765700200000 } from './1765700200000-discount-windows.js';
import { OrderEditsAndNotes1765700300000 } from './1765700300000-order-edits-and-notes.js';
import { Couriers1765700400000 } from './1765700400000-couriers.js';
import { Returns1765700400001 } from './1765700400001-returns.js';
import { CustomerMessages1765700500000 } from './1765700500000-customer-messages.js';
import { GuessCounts1765840000000 } from './1765840000000-guess-counts.js';
import { SettlementImports1765880000000 } from './1765880000000-settlement-imports.js';
import { OrderReturns1765900000000 } from './1765900000000-order-returns.js';
import { MoneyFigures1765900000001 } from './1765900000001-money-figures.js';
import { NoMapPin1765920000000 } from './1765920000000-no-map-pin.js';
import { OrderLanguage1765940000000 } from './1765940000000-order-language.js';

/** In order; a new migration is added here and never edits an old one. */
export const READ_MODEL_MIGRATIONS = [
  InitialReadModels1763780000000,
  CheckpointFailures1764520000000,
  AdminListIndexes1764600000000,
  DashboardGovernorates1764650000000,
  EventStoreIdentity1764700000000,
  CodOutcomes1765100000000,
  OrderItemPriceRules1765300000000,
  FunnelCarts1765300000001,
  PersonalDataSubjects1765400000000,
  StaffMembers1765500000000,
  FoldedSearchText1765500000000,
  ArabicCatalogue1765500000001,
  RevenueFigures1765500000000,
  StaffSessionsAndSecondFactors1765600000000,
  StaffActivity1765600100000,
  BilingualContentFoldedCustomers1765600200000,
  PromoCodeRules1765600400000,
  OrderScreening1765700100000,
  DiscountWindows1765700200000,
  OrderEditsAndNotes1765700300000,
  Couriers1765700400000,
  Returns1765700400001,
  CustomerMessages1765700500000,
  GuessCounts1765840000000,
  SettlementImports1765880000000,
  OrderReturns1765900000000,
  MoneyFigures1765900000001,
  NoMapPin1765920000000,
  OrderLanguage1765940000000,
];
