import { Injectable } from '@nestjs/common';
import { KeyedMutex } from '../common/keyed-mutex.js';

/** One queue per cart id in this process: cart commands and checkouts of one cart never overlap here. */
@Injectable()
export class CartLocks extends KeyedMutex {}
