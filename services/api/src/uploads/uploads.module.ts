import { Module } from '@nestjs/common';

// Image intake (custom posters, gallery, product images) and thumbnail jobs.
@Module({})
export class UploadsModule {}
