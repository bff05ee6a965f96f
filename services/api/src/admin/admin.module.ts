import { Module } from '@nestjs/common';

// Back-office endpoints (role ADMIN). Controllers and handlers are registered here as they land.
@Module({})
export class AdminModule {}
